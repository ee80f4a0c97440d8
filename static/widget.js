/*
 * Engagement-Signal daily-action widget. One tag renders today's daily action as a card:
 *
 *   <script src="https://<service>/widget.js" data-proxy="/api/daily-action" data-lang="de" defer></script>
 *
 * data-proxy  a URL on the integrator's own site that answers like GET /api/v1/daily-action (it adds the
 *             API key on the server; see docs/integrating.md, "Widget"). Keys must not sit in a web page.
 * data-key    for trials only: an API key sent from the browser to the service itself.
 * data-lang   de (default) or en.
 * data-target a CSS selector of the element to render into (default: right after this script tag).
 * data-region a Land as ISO 3166-2:DE (DE-BY): the card shows the Land's top cause (the first of its own
 *             in GET /api/v1/causes?region=…, labelled "Aktion in Bayern"), or the daily action when the
 *             Land has no cause of its own. Through a proxy, the proxy is asked with `region` too and
 *             answers like GET /api/v1/causes?region=…&pageSize=50 (examples/widget-proxy.mjs does).
 *
 * The card always shows the attribution of spec 2.5: "Source: <service name> (<service domain>)",
 * source_url as a link, source_name and original_platform.
 *
 * When something goes wrong, readers see a sentence they understand: "no action today" only when the
 * service says so, "cannot be loaded right now" for an outage (any 5xx) or an overloaded key. A refused
 * key (401, 403) or a broken proxy (404, another answer that is not JSON) is the integrator's to fix: the
 * widget then removes itself from the page and says why in the browser console.
 */
(function () {
  'use strict';
  var SERVICE_NAME = 'Engagement-Signal API';
  var script = document.currentScript || document.querySelector('script[src*="widget.js"]');
  if (!script) return;
  var serviceUrl = new URL(script.src, location.href);
  var lang = script.getAttribute('data-lang') === 'en' ? 'en' : 'de';
  var proxy = script.getAttribute('data-proxy');
  var key = script.getAttribute('data-key');
  var region = script.getAttribute('data-region');
  var LANDS = {
    'DE-BB': ['Brandenburg', 'Brandenburg'],
    'DE-BE': ['Berlin', 'Berlin'],
    'DE-BW': ['Baden-Württemberg', 'Baden-Württemberg'],
    'DE-BY': ['Bayern', 'Bavaria'],
    'DE-HB': ['Bremen', 'Bremen'],
    'DE-HE': ['Hessen', 'Hesse'],
    'DE-HH': ['Hamburg', 'Hamburg'],
    'DE-MV': ['Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'],
    'DE-NI': ['Niedersachsen', 'Lower Saxony'],
    'DE-NW': ['Nordrhein-Westfalen', 'North Rhine-Westphalia'],
    'DE-RP': ['Rheinland-Pfalz', 'Rhineland-Palatinate'],
    'DE-SH': ['Schleswig-Holstein', 'Schleswig-Holstein'],
    'DE-SL': ['Saarland', 'Saarland'],
    'DE-SN': ['Sachsen', 'Saxony'],
    'DE-ST': ['Sachsen-Anhalt', 'Saxony-Anhalt'],
    'DE-TH': ['Thüringen', 'Thuringia'],
  };
  // the card's action type for a cause shown without an action (a Land's top cause)
  var TYPE_OF = { Spenden: 'donate', Petition: 'sign', Brief: 'write' };

  var TEXT = {
    de: {
      label: 'Aktion des Tages',
      regionLabel: function (land) {
        return 'Aktion in ' + land;
      },
      cta: { donate: 'Jetzt spenden', sign: 'Jetzt unterschreiben', write: 'Jetzt Brief schreiben' },
      ctaFallback: 'Mitmachen',
      newWindow: '(öffnet die Seite der Aktion)',
      deadline: 'Frist',
      progress: 'Fortschritt',
      progressOf: function (pct) {
        return pct.toLocaleString('de-DE') + ' % des Ziels erreicht';
      },
      from: 'Von',
      on: 'auf',
      none: 'Heute gibt es keine Aktion des Tages.',
      unavailable: 'Die Aktion des Tages lässt sich gerade nicht laden. Bitte versuchen Sie es später noch einmal.',
    },
    en: {
      label: 'Action of the day',
      regionLabel: function (land) {
        return 'Action in ' + land;
      },
      cta: { donate: 'Donate now', sign: 'Sign now', write: 'Write a letter now' },
      ctaFallback: 'Take part',
      newWindow: '(opens the action’s page)',
      deadline: 'Deadline',
      progress: 'Progress',
      progressOf: function (pct) {
        return pct.toLocaleString('en-GB') + '% of the goal reached';
      },
      from: 'From',
      on: 'on',
      none: 'There is no action of the day today.',
      unavailable: 'The action of the day can’t be loaded right now. Please try again later.',
    },
  }[lang];
  if (region && !LANDS[region]) {
    console.warn('Engagement-Signal widget: data-region "' + region + '" is not a Land as ISO 3166-2:DE (DE-BY, …); the daily action is shown.');
    region = null;
  }

  var CSS = [
    ':host{display:block;max-width:40em;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a}',
    '.card{border:1px solid #c8c8c8;border-radius:.75em;overflow:hidden;background:#fff;overflow-wrap:anywhere}',
    '.card img{display:block;width:100%;height:auto;max-height:16em;object-fit:cover}',
    '.body{padding:1em}',
    '.label{margin:0;font-size:.8em;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#555}',
    'h2{margin:.25em 0 .5em;font-size:1.25em;line-height:1.3}',
    '.headline{font-size:1.05em;font-weight:700;color:#0b4f8a}',
    'p{margin:0 0 .75em}',
    '.why{font-weight:600}',
    '.meta{display:flex;flex-wrap:wrap;gap:.25em 1em;margin:0 0 .75em;font-size:.9em;color:#444}',
    '.meta dt{font-weight:600}.meta dd{margin:0}.meta div{display:flex;gap:.35em}',
    'progress{width:100%;height:.6em;accent-color:#0b6e4f}',
    '.cta{display:inline-block;margin:.25em 0 .75em;padding:.6em 1em;border-radius:.5em;background:#0b6e4f;color:#fff;font-weight:600;text-decoration:none}',
    '.cta:focus-visible,.attribution a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}',
    '.attribution{margin:0;padding-top:.75em;border-top:1px solid #e2e2e2;font-size:.85em;color:#333}',
    '.attribution a{color:#0b4f8a}',
    '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
  ].join('');

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === 'text') node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function formatDate(yyyyMmDd) {
    var parts = yyyyMmDd.split('-').map(Number);
    var date = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2], 12));
    return date.toLocaleDateString(lang === 'de' ? 'de-DE' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  }

  function externalLink(href, text, className) {
    var link = el('a', { href: href, target: '_blank', rel: 'noopener', class: className || '' }, [text]);
    link.appendChild(el('span', { class: 'sr', text: ' ' + TEXT.newWindow }));
    return link;
  }

  function card(data) {
    var cause = data.cause;
    var action = data.action;
    var titleId = 'es-title-' + Math.random().toString(36).slice(2);
    var body = el('div', { class: 'body' }, [
      el('p', { class: 'label', text: data.land ? TEXT.regionLabel(data.land) : TEXT.label }),
      el('h2', { id: titleId, text: cause.title }),
      el('p', { class: 'summary', text: cause.summary }),
      action && action.headline ? el('p', { class: 'headline', text: action.headline }) : null,
      action ? el('p', { class: 'why', text: action.whyNow }) : null,
      action ? el('p', { class: 'impact', text: action.impactStatement }) : null,
    ]);
    var meta = el('dl', { class: 'meta' });
    if (cause.deadline)
      meta.appendChild(
        el('div', {}, [el('dt', { text: TEXT.deadline + ':' }), el('dd', {}, [el('time', { datetime: cause.deadline, text: formatDate(cause.deadline) })])]),
      );
    if (meta.childNodes.length) body.appendChild(meta);
    if (typeof cause.fundingProgressPct === 'number') {
      var pct = cause.fundingProgressPct;
      var progressId = titleId + '-progress';
      body.appendChild(el('p', { id: progressId, class: 'progress-label', text: TEXT.progressOf(pct) }));
      body.appendChild(el('progress', { max: '100', value: String(Math.min(100, pct)), 'aria-labelledby': progressId }));
    }
    // a Land's top cause comes without an action object: its category says what to do
    var type = action ? action.type : data.land ? TYPE_OF[cause.category] : null;
    var ctaLabel = (type && TEXT.cta[type]) || TEXT.ctaFallback;
    body.appendChild(externalLink(cause.source_url, ctaLabel, 'cta'));
    // Spec 2.5: the attribution line, source_url as a link, source_name and original_platform visible.
    body.appendChild(
      el('p', { class: 'attribution' }, [
        el('span', { class: 'service', lang: 'en', text: 'Source: ' + SERVICE_NAME + ' (' + serviceUrl.host + ')' }),
        el('br'),
        TEXT.from + ' ',
        el('span', { class: 'source-name', text: cause.source_name }),
        ' ' + TEXT.on + ' ',
        el('span', { class: 'platform', text: cause.original_platform }),
        ': ',
        externalLink(cause.source_url, cause.source_url, 'source-url'),
      ]),
    );
    var article = el('article', { class: 'card', 'aria-labelledby': titleId, lang: lang }, [
      cause.imageUrl ? el('img', { src: cause.imageUrl, alt: '', loading: 'lazy' }) : null,
      body,
    ]);
    return article;
  }

  function mount() {
    var host = el('section', { class: 'es-daily-action', 'aria-label': TEXT.label, 'aria-busy': 'true' });
    var target = script.getAttribute('data-target') && document.querySelector(script.getAttribute('data-target'));
    if (target) target.appendChild(host);
    else script.parentNode.insertBefore(host, script.nextSibling);
    var root = host.attachShadow({ mode: 'open' });
    root.appendChild(el('style', { text: CSS }));
    return { host: host, root: root };
  }

  /** The Land's top cause as a card's data, or (none of its own) the daily action's. */
  function loadRegion() {
    var url = proxy ? new URL(proxy, location.href) : new URL('/api/v1/causes?pageSize=50', serviceUrl);
    url.searchParams.set('region', region);
    return load(0, url).then(function (data) {
      // an error, or a proxy that does not know `region` and answered with the daily action
      if (data.status || data.cause) return data;
      var own = (data.items || []).filter(function (cause) {
        return cause.region === region;
      })[0];
      if (own) return { cause: own, action: null, land: LANDS[region][lang === 'de' ? 0 : 1] };
      // after the list's request: the key's limit is one a second (a 429 is asked again once)
      return load(0);
    });
  }

  function load(attempt, listUrl) {
    var url = listUrl || (proxy ? new URL(proxy, location.href) : new URL('/api/v1/daily-action', serviceUrl));
    if (!proxy || !url.searchParams.has('lang')) url.searchParams.set('lang', lang);
    var headers = proxy ? {} : { 'X-Api-Key': key || '' };
    return fetch(url.toString(), { headers: headers }).then(function (response) {
      // One retry after the limit's Retry-After (1 s): the page may share the key with others.
      if (response.status === 429 && attempt === 0) {
        var wait = Number(response.headers.get('Retry-After') || '1') * 1000;
        return new Promise(function (resolve) {
          setTimeout(resolve, wait);
        }).then(function () {
          return load(1, listUrl);
        });
      }
      // "No action available today." with Retry-After: the day's action is still being prepared (seconds).
      var later = Number(response.headers.get('Retry-After'));
      if (response.status === 503 && later > 0 && later <= 30 && attempt < 3) {
        return new Promise(function (resolve) {
          setTimeout(resolve, later * 1000);
        }).then(function () {
          return load(attempt + 1, listUrl);
        });
      }
      // An error body is { "error": "…" }; a proxy that answers something else is broken.
      return response.text().then(function (text) {
        var body;
        try {
          body = JSON.parse(text);
        } catch (e) {
          body = null;
        }
        if (response.status === 200 && body && (body.cause || (listUrl && Array.isArray(body.items)))) return body;
        return { status: response.status, error: body && typeof body.error === 'string' ? body.error : null };
      });
    });
  }

  /** Why there is no card: none today (the service says so), the integrator's to fix, or for now. */
  function failure(data) {
    if (data.status === 503 && data.error === 'No action available today.') return 'none';
    if (data.status === 401 || data.status === 403 || data.status === 404) return 'integrator';
    // A 5xx passes (an outage, or a gateway's page for one); any other answer that is not the API's JSON
    // means the proxy is broken, and waiting will not mend it.
    if (data.status >= 500) return 'unavailable';
    if (data.error === null) return 'integrator';
    return 'unavailable';
  }

  function say(text) {
    mounted.root.appendChild(el('p', { role: 'status', text: text }));
  }

  if (!proxy && !key) {
    console.warn('Engagement-Signal widget: set data-proxy (or, for a trial, data-key) on the script tag.');
    return;
  }
  var mounted = mount();
  (region ? loadRegion() : load(0))
    .then(function (data) {
      mounted.host.removeAttribute('aria-busy');
      if (data.land) mounted.host.setAttribute('aria-label', TEXT.regionLabel(data.land));
      if (data.cause) return mounted.root.appendChild(card(data));
      var why = failure(data);
      var detail = 'HTTP ' + data.status + (data.error ? ' "' + data.error + '"' : ' (not the JSON of GET /api/v1/daily-action)');
      if (why === 'none') return say(TEXT.none);
      if (why === 'integrator') {
        // Readers cannot fix a key or a proxy: nothing is shown to them.
        mounted.host.remove();
        var hint =
          data.status === 401 || data.status === 403
            ? 'check the API key your proxy (or data-key) sends'
            : 'check data-proxy: it must answer like GET /api/v1/daily-action';
        return console.error('Engagement-Signal widget: the daily action answered ' + detail + '; ' + hint + '. The widget is hidden.');
      }
      say(TEXT.unavailable);
      console.warn('Engagement-Signal widget: the daily action answered ' + detail + '; readers are asked to try again later.');
    })
    .catch(function (error) {
      mounted.host.removeAttribute('aria-busy');
      say(TEXT.unavailable);
      console.warn('Engagement-Signal widget: could not load the daily action', error);
    });
})();
