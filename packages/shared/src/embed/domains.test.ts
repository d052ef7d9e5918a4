import { describe, expect, it } from 'vitest';
import { embedFr } from '../messages/fr-embed';
import { checkEmbedDomains, isEmbedDomain, MAX_EMBED_DOMAINS, normalizeEmbedDomain } from './domains';

describe('the hosts an organiser declares for their shop', () => {
  it('takes names, subdomain wildcards, localhost and addresses, with a port', () => {
    for (const host of [
      'www.club-astro.fr',
      'a.b.example.org',
      '*.asso.example',
      'localhost:4188',
      '192.168.1.10',
      'xn--caf-dma.fr:8443',
    ]) {
      expect(isEmbedDomain(host), host).toBe(true);
    }
  });

  it('refuses what could change the header, and what is no host', () => {
    for (const host of [
      "a.org; script-src 'unsafe-inline'",
      'a.org b.org',
      'a.org,b.org',
      "'self'",
      '*',
      'data:',
      'https:',
      'club',
      'café.fr',
      '-a.org',
      'a-.org',
      'a.org:0',
      'a.org:70000',
      '256.1.1.1',
      '*.*.a.org',
      'a..org',
      '',
    ]) {
      expect(isEmbedDomain(normalizeEmbedDomain(host)), host).toBe(false);
    }
  });

  it('keeps what was meant of a pasted address, once', () => {
    expect(normalizeEmbedDomain('  HTTPS://Www.Club-Astro.FR/ ')).toBe('www.club-astro.fr');
    expect(normalizeEmbedDomain('www.club-astro.fr.')).toBe('www.club-astro.fr');
    expect(checkEmbedDomains(['www.a.fr', '', 'WWW.A.FR', 'b.fr'])).toEqual({ domains: ['www.a.fr', 'b.fr'] });
  });

  it('answers the first wrong line, then too many hosts', () => {
    expect(checkEmbedDomains(['ok.fr', ' pas un domaine ', 'x y'])).toEqual({
      error: embedFr.domains.invalid('pas un domaine'),
    });
    const hosts = Array.from({ length: MAX_EMBED_DOMAINS + 1 }, (_, index) => `s${index}.example.org`);
    expect(checkEmbedDomains(hosts)).toEqual({ error: embedFr.domains.tooMany(MAX_EMBED_DOMAINS) });
    expect(checkEmbedDomains([...hosts.slice(0, MAX_EMBED_DOMAINS), hosts[0] ?? ''])).toHaveProperty('domains');
  });
});
