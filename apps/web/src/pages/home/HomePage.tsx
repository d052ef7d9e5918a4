import { fr, showcaseHomeFr } from '@guichet/shared';
import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Icon, IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMeta } from '../../api/meta';
import { isFirstVisit } from '../../features/shell/markers';
import { FeatureCarousel } from '../../features/showcase/FeatureCarousel';
import classes from '../../features/showcase/showcase.module.css';

const m = showcaseHomeFr;

/** The landing page (§2 "Home landing page"); a first-time visitor is sent once to the events. */
export default function HomePage() {
  const navigate = useNavigate();
  const { brandName, appStoreUrl, playStoreUrl } = useMeta();
  useEffect(() => {
    if (isFirstVisit()) navigate('/billetterie', { replace: true });
  }, [navigate]);

  const sections = [
    fr.home.searchSection,
    fr.home.participateSection,
    fr.home.ticketingSection,
    fr.home.organiserSection,
  ];
  const closing = [
    { id: 'home-partner', title: m.partnerTitle, text: m.partnerText, to: '/devenirPartenaire', cta: m.partnerCta },
    {
      id: 'home-contact',
      title: m.contactTitle,
      text: m.contactText,
      to: '/contact',
      cta: m.contactCta,
      variant: 'default' as const,
    },
  ];
  return (
    <Container size="lg" py="xl">
      <Stack gap={48}>
        <div className={classes.hero}>
          <Stack gap="sm">
            <Title order={1}>{fr.home.title(brandName)}</Title>
            <Text size="lg" c="dimmed">
              {fr.home.subtitle}
            </Text>
            <Group>
              <Button component={Link} to="/billetterie" size="md">
                {fr.home.discoverEvents}
              </Button>
              <Button component={Link} to="/services" size="md" variant="default">
                {m.servicesSection.cta}
              </Button>
            </Group>
          </Stack>
          {/* The page's largest picture: sized, fetched first (and preloaded by the server's Link header). */}
          <img
            src="/showcase/hero.svg"
            alt=""
            width={1200}
            height={675}
            className={classes.heroImage}
            fetchPriority="high"
          />
        </div>

        <FeatureCarousel />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" component="section" aria-label={fr.home.title(brandName)}>
          {sections.map((section) => (
            <Stack key={section.title} gap={4}>
              <Title order={2} size="h3">
                {section.title}
              </Title>
              <Text c="dimmed">{section.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>

        <CallToAction
          id="home-services"
          title={m.servicesSection.title}
          text={m.servicesSection.text}
          to="/services"
          cta={m.servicesSection.cta}
          variant="light"
        />

        <section aria-labelledby="home-stores">
          <Stack gap="sm">
            <Title order={2} size="h3" id="home-stores">
              {m.storesTitle}
            </Title>
            <Text c="dimmed">{m.storesText}</Text>
            <Group>
              <StoreButton href={appStoreUrl} icon={IconBrandApple} label={fr.events.appStore} />
              <StoreButton href={playStoreUrl} icon={IconBrandGooglePlay} label={fr.events.googlePlay} />
            </Group>
          </Stack>
        </section>

        <section aria-labelledby="home-testimonials">
          <Title order={2} size="h3" id="home-testimonials" mb="md">
            {m.testimonialsTitle}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {m.testimonials.map((testimonial) => (
              <Paper
                component="figure"
                key={testimonial.author}
                withBorder
                radius="md"
                p="lg"
                m={0}
                className={classes.testimonial}
              >
                <Text component="blockquote" m={0}>
                  {testimonial.quote}
                </Text>
                <Text component="figcaption" size="sm" fw={600} mt="sm">
                  — {testimonial.author}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {closing.map((card) => (
            <CallToAction key={card.id} {...card} />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

/** A card of the page that leads somewhere: its title, a line, and the button that goes there. */
function CallToAction({
  id,
  title,
  text,
  to,
  cta,
  variant,
}: {
  id: string;
  title: string;
  text: string;
  to: string;
  cta: string;
  variant?: 'light' | 'default';
}) {
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby={id}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to={to} variant={variant}>
          {cta}
        </Button>
      </Stack>
    </Paper>
  );
}

function StoreButton({ href, icon: Icon, label }: { href: string; icon: Icon; label: string }) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      leftSection={<Icon size={18} aria-hidden />}
    >
      {label}
    </Button>
  );
}
