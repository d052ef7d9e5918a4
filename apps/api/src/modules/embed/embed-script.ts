import { embedFr } from '@guichet/shared';

/**
 * The script an organiser's page loads (`<script src="…/embed.js" data-event="<id>" async>`): it
 * puts the event's shop in a frame after itself. The frame stays hidden behind a plain link to the
 * event until the shop says it is ready, so that on a site the organiser did not declare (the
 * browser refuses the frame: `frame-ancestors`) the visitor sees a link, not a browser's error.
 * Messages are taken only from the frame's own window and Guichet's origin (the script's own);
 * the frame is told the page's origin, the only one it will write to.
 */
export function embedScript(): string {
  const texts = { link: embedFr.widget.fallbackLink, title: embedFr.widget.frameTitle };
  return `/* Guichet: the ticket shop of an event, in a frame that sizes itself. */
(function () {
  'use strict';
  var TEXTS = ${JSON.stringify(texts)};
  var script = document.currentScript;
  if (!script || !script.src) return;
  var guichet = new URL(script.src).origin;
  var eventId = script.getAttribute('data-event') || '';
  if (!/^[0-9a-fA-F-]{36}$/.test(eventId)) return;

  function hostTheme() {
    var wanted = script.getAttribute('data-theme') || document.documentElement.getAttribute('data-theme') || '';
    return wanted === 'light' || wanted === 'dark' ? wanted : '';
  }

  var box = document.createElement('div');
  box.className = 'guichet-embed';
  var link = document.createElement('a');
  link.href = guichet + '/billetterie/' + eventId;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = TEXTS.link;
  var frame = document.createElement('iframe');
  var query = '?origin=' + encodeURIComponent(location.origin);
  var theme = hostTheme();
  if (theme) query += '&theme=' + theme;
  frame.src = guichet + '/embed/billetterie/' + eventId + query;
  frame.title = TEXTS.title;
  frame.style.cssText = 'display:none;width:100%;height:480px;border:0;color-scheme:normal;';
  box.appendChild(link);
  box.appendChild(frame);
  script.parentNode.insertBefore(box, script.nextSibling);

  window.addEventListener('message', function (event) {
    if (event.origin !== guichet || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || typeof data.type !== 'string') return;
    if (data.type === 'guichet:ready' && frame.style.display === 'none') {
      frame.style.display = 'block';
      link.style.display = 'none';
    }
    if (data.type === 'guichet:height' && typeof data.height === 'number' && data.height > 0) {
      frame.style.height = Math.min(Math.ceil(data.height), 10000) + 'px';
    }
    if (data.type === 'guichet:booked') {
      box.dispatchEvent(new CustomEvent('guichet:booked', { bubbles: true, detail: { places: data.places } }));
    }
  });

  // The site switches its theme: the shop follows.
  if (!script.getAttribute('data-theme') && window.MutationObserver) {
    new MutationObserver(function () {
      var next = hostTheme();
      if (next && frame.contentWindow) frame.contentWindow.postMessage({ type: 'guichet:theme', theme: next }, guichet);
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }
})();
`;
}
