/*
 * The editor's desk (GET /desk): the review queue of sources under review and tomorrow's daily action,
 * over the editor's GraphQL operations on /graphql (src/modules/review/review.schema.ts).
 *
 * The key is an editor's key (`npm run keys -- create --tier growth --editor`); it is kept in this tab's
 * sessionStorage only, never in a URL, and sent as X-Api-Key. /graphql allows one request per second per
 * key: every request goes through one queue that starts each one SPACING_MS after the answer to the one
 * before arrived. The service counted that request before it answered, so however late a request reaches
 * it, the next one comes more than a second later; an editor may click through a queue as fast as they
 * like. A 429 (the key used elsewhere) is retried after Retry-After.
 *
 * Everything the service returns is text from third parties (user-submitted petitions): it is only ever
 * written with textContent and attributes, never parsed as HTML, and a link only when it is http(s).
 */
(function () {
  'use strict';

  var KEY_STORE = 'engagement-signal-desk-key';
  // the limit's second, counted from the previous answer, and a margin for timers that fire early
  var SPACING_MS = 1050;
  var QUEUE_SIZE = 50;
  var RETRIES_429 = 5;
  var REASON_MAX = 500;

  var QUEUE_FIELDS =
    'total items { slug title titleEn category organisationName sourceName sourceUrl description reviewState listed ' +
    'flags { code reason } editorialReason deadline urgencyTotal summaryDe summaryEn }';
  var TEXTS = 'headline whyNow whyYou impactStatement';
  var PREVIEW_FIELDS = 'day slug title chosenBy de { ' + TEXTS + ' } en { ' + TEXTS + ' }';
  var LOAD_ALL =
    'query Desk($flaggedFirst: Boolean!) { reviewQueue(first: ' +
    QUEUE_SIZE +
    ', flaggedFirst: $flaggedFirst) { ' +
    QUEUE_FIELDS +
    ' } ' +
    'dailyActionPreview { ' +
    PREVIEW_FIELDS +
    ' } }';
  var LOAD_QUEUE = 'query DeskQueue($flaggedFirst: Boolean!) { reviewQueue(first: ' + QUEUE_SIZE + ', flaggedFirst: $flaggedFirst) { ' + QUEUE_FIELDS + ' } }';
  // after decisions: the preview may have changed, the cards on the page have not
  var REFRESH = 'query DeskRefresh { reviewQueue(first: 1) { total } dailyActionPreview { ' + PREVIEW_FIELDS + ' } }';
  var OUTCOME = '{ slug from state tookTodaysAction replacementSlug }';
  var DECIDE = {
    approve: 'mutation Approve($slug: String!, $reason: String) { approveCause(slug: $slug, reason: $reason) ' + OUTCOME + ' }',
    release: 'mutation Release($slug: String!, $reason: String) { releaseCause(slug: $slug, reason: $reason) ' + OUTCOME + ' }',
    reject: 'mutation Reject($slug: String!, $reason: String!) { rejectCause(slug: $slug, reason: $reason) ' + OUTCOME + ' }',
  };
  var CHOOSE = 'mutation Choose($slug: String!) { chooseDailyAction(slug: $slug) { ' + PREVIEW_FIELDS + ' } }';

  var OUTCOME_TEXT = {
    approved: 'approved — may be the daily action',
    released: 'released — listed, never the daily action',
    rejected: 'rejected — listed nowhere',
  };
  var STATE_TEXT = {
    pending_listed: 'Listed meanwhile (never the daily action before a decision)',
    pending_unlisted: 'Not listed until an editor decides',
  };

  function byId(id) {
    return document.getElementById(id);
  }
  var ui = {
    error: byId('error'),
    status: byId('status'),
    keyForm: byId('key-form'),
    keyInput: byId('key-input'),
    keyInUse: byId('key-in-use'),
    keyPrefix: byId('key-prefix'),
    forget: byId('forget-key'),
    queueSection: byId('queue-section'),
    queue: byId('queue'),
    queueCount: byId('queue-count'),
    flaggedFirst: byId('flagged-first'),
    reload: byId('reload'),
    previewSection: byId('preview-section'),
    preview: byId('preview'),
    chooseForm: byId('choose-form'),
    chooseSlug: byId('choose-slug'),
    logEmpty: byId('log-empty'),
    log: byId('log'),
  };

  /** An element with text and attributes; children are elements or strings (as text nodes). */
  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === null || value === undefined || value === false) return;
      if (name === 'text') node.textContent = String(value);
      else node.setAttribute(name, value === true ? '' : String(value));
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) node.append(child);
    });
    return node;
  }

  // ---- state ------------------------------------------------------------------------------------------

  var apiKey = null;
  // bumped when the key changes: answers to requests of an earlier key are dropped
  var session = 0;
  var total = 0;
  var nextId = 0;
  /** slug → decision sent or waiting to be sent, so that a reload meanwhile shows the card as busy */
  var deciding = new Map();

  function readStoredKey() {
    try {
      return sessionStorage.getItem(KEY_STORE);
    } catch (_) {
      return null;
    }
  }

  // ---- one request at a time, each SPACING_MS after the previous answer --------------------------------------------------

  var tasks = [];
  var refreshWanted = false;
  var pumping = false;
  var lastAnswer = -Infinity;

  function sleep(ms) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms);
    });
  }

  function enqueue(run) {
    return new Promise(function (resolve, reject) {
      tasks.push({ run: run, resolve: resolve, reject: reject });
      pump();
    });
  }

  /** The preview after decisions: once, after every request queued so far (a burst of clicks costs one). */
  function wantRefresh() {
    refreshWanted = true;
    pump();
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (tasks.length > 0 || refreshWanted) {
        showQueued();
        var task = tasks.shift();
        if (!task) {
          refreshWanted = false;
          task = { run: refresh, resolve: function () {}, reject: showError };
        }
        try {
          task.resolve(await task.run());
        } catch (error) {
          task.reject(error);
        }
      }
    } finally {
      pumping = false;
      showQueued();
    }
  }

  var queuedShown = false;
  function showQueued() {
    var waiting = tasks.length + (refreshWanted ? 1 : 0);
    if (waiting > 1) ui.status.textContent = waiting + ' requests queued (the key allows one request per second).';
    else if (queuedShown) ui.status.textContent = '';
    queuedShown = waiting > 1;
  }

  function DeskError(message, code) {
    this.message = message;
    this.code = code || null;
  }

  function retryAfterMs(response) {
    var seconds = Number(response.headers.get('Retry-After'));
    return (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000 + 100;
  }

  /** One GraphQL request, in its turn; resolves with `data` or rejects with a DeskError. */
  async function send(query, variables) {
    var key = apiKey;
    if (!key) throw new DeskError('Paste an editor\u2019s key first.', 'NO_KEY');
    for (var attempt = 0; ; attempt++) {
      var wait = lastAnswer + SPACING_MS - performance.now();
      if (wait > 0) await sleep(wait);
      var response;
      try {
        response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json;q=0.9', 'X-Api-Key': key },
          body: JSON.stringify({ query: query, variables: variables || {} }),
          cache: 'no-store',
          credentials: 'omit',
        });
      } catch (error) {
        lastAnswer = performance.now();
        throw new DeskError('The service cannot be reached (' + (error && error.message) + '). Try again in a moment.', 'NETWORK');
      }
      lastAnswer = performance.now();
      // refused before anything ran: safe to send again, also a mutation
      if (response.status === 429 && attempt < RETRIES_429) {
        await sleep(retryAfterMs(response));
        continue;
      }
      var body;
      try {
        body = await response.json();
      } catch (_) {
        body = null;
      }
      if (!body || typeof body !== 'object') {
        throw new DeskError('The service answered HTTP ' + response.status + ' without a readable answer.', 'HTTP_' + response.status);
      }
      // every refusal, also those before GraphQL runs (key, tier, limit, outage), is { "errors": [{ "message", "extensions": { "code" } }] }
      if (Array.isArray(body.errors) && body.errors.length > 0) {
        var messages = [];
        body.errors.forEach(function (e) {
          if (e && typeof e.message === 'string' && messages.indexOf(e.message) < 0) messages.push(e.message);
        });
        var first = body.errors[0] || {};
        throw new DeskError(messages.join(' '), (first.extensions && first.extensions.code) || 'HTTP_' + response.status);
      }
      return body.data;
    }
  }

  // ---- messages ---------------------------------------------------------------------------------------

  function showError(error) {
    var message = error && error.message ? error.message : String(error);
    ui.error.textContent = message;
    // a key that is refused (or not an editor's) is put aside: the editor pastes another
    if (error && (error.code === 'FORBIDDEN' || error.code === 'UNAUTHENTICATED' || error.code === 'HTTP_401' || error.code === 'HTTP_403')) forgetKey(false);
  }

  function clearError() {
    ui.error.textContent = '';
  }

  /** "Title (slug): " at the start of a line of the log */
  function causeLabel(title, slug) {
    return [el('strong', { text: title }), ' (', el('code', { text: slug }), '): '];
  }

  function logLine(parts) {
    ui.logEmpty.hidden = true;
    ui.log.prepend(el('li', {}, parts));
  }

  // ---- the key ----------------------------------------------------------------------------------------

  function useKey(key) {
    apiKey = key;
    session++;
    ui.keyForm.hidden = true;
    ui.keyInUse.hidden = false;
    ui.keyPrefix.textContent = key.slice(0, 8) + '…';
    loadAll();
  }

  function forgetKey(clearMessages) {
    apiKey = null;
    session++;
    tasks.splice(0).forEach(function (task) {
      task.reject(new DeskError('The key was put aside before this was sent.', 'NO_KEY'));
    });
    refreshWanted = false;
    try {
      sessionStorage.removeItem(KEY_STORE);
    } catch (_) {
      /* storage switched off: the key lived in this page only */
    }
    ui.keyInUse.hidden = true;
    ui.keyForm.hidden = false;
    ui.queueSection.hidden = true;
    ui.previewSection.hidden = true;
    ui.queue.replaceChildren();
    ui.preview.replaceChildren();
    deciding.clear();
    if (clearMessages) clearError();
  }

  ui.keyForm.addEventListener('submit', function (event) {
    event.preventDefault();
    var key = ui.keyInput.value.trim();
    ui.keyInput.value = '';
    if (!/^\S+$/.test(key)) {
      showError('Paste the API key: one word without spaces.');
      ui.keyInput.focus();
      return;
    }
    clearError();
    try {
      sessionStorage.setItem(KEY_STORE, key);
    } catch (_) {
      /* storage switched off: the key lives as long as this page */
    }
    useKey(key);
  });

  ui.forget.addEventListener('click', function () {
    forgetKey(true);
    ui.keyInput.focus();
  });

  // ---- loading ----------------------------------------------------------------------------------------

  function flaggedFirst() {
    return ui.flaggedFirst.checked;
  }

  function loadAll() {
    var mine = session;
    ui.status.textContent = 'Loading the queue…';
    enqueue(function () {
      return send(LOAD_ALL, { flaggedFirst: flaggedFirst() });
    }).then(
      function (data) {
        if (mine !== session) return;
        clearError();
        renderQueue(data.reviewQueue);
        renderPreview(data.dailyActionPreview);
      },
      function (error) {
        if (mine === session) showError(error);
      },
    );
  }

  function loadQueue() {
    var mine = session;
    enqueue(function () {
      return send(LOAD_QUEUE, { flaggedFirst: flaggedFirst() });
    }).then(
      function (data) {
        if (mine === session) renderQueue(data.reviewQueue);
      },
      function (error) {
        if (mine === session) showError(error);
      },
    );
  }

  async function refresh() {
    var mine = session;
    var empty = cards().length === 0;
    // the last card decided and more waiting: the next ones, so that a long queue can be cleared from here
    var data = await send(empty ? LOAD_ALL : REFRESH, empty ? { flaggedFirst: flaggedFirst() } : {});
    if (mine !== session) return;
    if (empty) renderQueue(data.reviewQueue);
    else {
      total = data.reviewQueue.total;
      showCount();
    }
    renderPreview(data.dailyActionPreview);
  }

  ui.flaggedFirst.addEventListener('change', loadQueue);
  ui.reload.addEventListener('click', function () {
    clearError();
    loadAll();
  });

  // ---- the queue --------------------------------------------------------------------------------------

  function cards() {
    return Array.prototype.slice.call(ui.queue.children);
  }

  function cardOf(slug) {
    return (
      cards().filter(function (card) {
        return card.dataset.slug === slug;
      })[0] || null
    );
  }

  function showCount() {
    var shown = cards().length;
    ui.queueCount.textContent =
      total === 0
        ? 'No cause is waiting for a decision.'
        : total + (total === 1 ? ' cause waits' : ' causes wait') + ' for a decision; ' + shown + ' shown here.';
  }

  function renderQueue(queue) {
    ui.queueSection.hidden = false;
    total = queue.total;
    ui.queue.replaceChildren.apply(ui.queue, queue.items.map(renderCard));
    showCount();
    ui.status.textContent = '';
  }

  /** A link only for http(s) (a javascript: URL from a feed must not become one); else the text. */
  function sourceLink(url) {
    var parsed;
    try {
      parsed = new URL(url);
    } catch (_) {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return el('span', { class: 'bad-url', text: url + ' (not a web address)' });
    return el('a', { href: parsed.href, target: '_blank', rel: 'noopener noreferrer', class: 'source-url' }, [
      parsed.host + parsed.pathname,
      el('span', { class: 'visually-hidden', text: ' (source page, opens in a new tab)' }),
    ]);
  }

  function fact(label, value) {
    return [el('dt', { text: label }), el('dd', {}, [value])];
  }

  function summary(label, lang, text) {
    return el('section', { class: 'summary' }, [
      el('h4', { text: label }),
      text === null || text === undefined || text === ''
        ? el('p', { class: 'missing', text: 'No summary written yet.' })
        : el('p', { lang: lang, class: 'summary-' + lang, text: text }),
    ]);
  }

  function renderCard(item) {
    var id = 'card-' + nextId++;
    var facts = el('dl', { class: 'facts' });
    [
      fact('Organisation', el('span', { class: 'organisation', text: item.organisationName })),
      fact('Source', el('span', {}, [el('span', { class: 'source-name', text: item.sourceName }), ' · ', sourceLink(item.sourceUrl)])),
      fact('Category', el('span', { text: item.category })),
      fact('Deadline', el('span', { text: item.deadline || 'none' })),
      fact('Urgency', el('span', { text: String(item.urgencyTotal) })),
      fact('Listed meanwhile', el('span', { class: 'listed', text: item.listed ? 'yes' : 'no' })),
      fact('Review state', el('span', { class: 'state', text: STATE_TEXT[item.reviewState] || item.reviewState })),
      fact('Slug', el('code', { class: 'slug', text: item.slug })),
    ].forEach(function (pair) {
      facts.append(pair[0], pair[1]);
    });

    var flags = item.flags.length
      ? el(
          'ul',
          { class: 'flags', 'aria-label': 'Flags' },
          item.flags.map(function (flag) {
            return el('li', { class: 'flag', 'data-code': flag.code }, [
              el('strong', { class: 'flag-code', text: flag.code }),
              ' ',
              el('span', { class: 'flag-reason', text: flag.reason }),
            ]);
          }),
        )
      : el('p', { class: 'no-flags', text: 'No flags.' });

    var hold = item.editorialReason
      ? el('p', { class: 'hold' }, [el('strong', { text: 'Editorial hold: ' }), el('span', { class: 'hold-reason', text: item.editorialReason })])
      : null;

    var reasonId = id + '-reason';
    var reason = el('textarea', { id: reasonId, class: 'reason', rows: 2, maxlength: REASON_MAX });
    var outcome = el('p', { class: 'card-status' });
    var buttons = ['approve', 'release', 'reject'].map(function (decision) {
      var button = el('button', { type: 'button', class: decision, 'data-decision': decision, text: decision.charAt(0).toUpperCase() + decision.slice(1) });
      button.addEventListener('click', function () {
        decide(item, decision, reason);
      });
      return button;
    });

    var card = el('li', { class: 'card' + (item.flags.length ? ' flagged' : ''), 'data-slug': item.slug }, [
      el('article', { 'aria-labelledby': id + '-title' }, [
        el('h3', { id: id + '-title', class: 'title', tabindex: '-1', text: item.title }),
        item.titleEn ? el('p', { class: 'title-en', lang: 'en', text: item.titleEn }) : null,
        flags,
        hold,
        facts,
        el('p', { class: 'description', text: item.description }),
        el('div', { class: 'summaries' }, [summary('German summary', 'de', item.summaryDe), summary('English summary', 'en', item.summaryEn)]),
        el('div', { class: 'decide' }, [
          el('label', { for: reasonId, text: 'Reason (required to reject, optional otherwise)' }),
          reason,
          el('div', { class: 'row buttons' }, buttons),
          outcome,
        ]),
      ]),
    ]);
    if (deciding.has(item.slug)) setBusy(card, true);
    return card;
  }

  function setBusy(card, busy) {
    if (!card) return;
    card.querySelectorAll('button, textarea').forEach(function (control) {
      control.disabled = busy;
    });
    card.setAttribute('aria-busy', busy ? 'true' : 'false');
    card.querySelector('.card-status').textContent = busy ? 'Sending…' : '';
  }

  function removeCard(card) {
    if (!card) return;
    var hadFocus = card.contains(document.activeElement);
    var next = card.nextElementSibling || card.previousElementSibling;
    card.remove();
    // keyboard editors go on with the next cause rather than from the top of the page
    if (hadFocus) (next ? next.querySelector('h3') : byId('queue-heading')).focus();
    showCount();
  }

  function decide(item, decision, reasonField) {
    var reason = reasonField.value.replace(/\s+/g, ' ').trim();
    if (decision === 'reject' && !reason) {
      reasonField.setAttribute('aria-invalid', 'true');
      showError('A rejection needs a reason (it is recorded and reported to integrators). Write it in the field "Reason" of "' + item.title + '".');
      reasonField.focus();
      return;
    }
    reasonField.removeAttribute('aria-invalid');
    clearError();
    var mine = session;
    deciding.set(item.slug, decision);
    setBusy(cardOf(item.slug), true);
    enqueue(function () {
      return send(DECIDE[decision], { slug: item.slug, reason: reason || null });
    }).then(
      function (data) {
        deciding.delete(item.slug);
        if (mine !== session) return;
        var outcome = data[decision + 'Cause'];
        total = Math.max(0, total - 1);
        removeCard(cardOf(item.slug));
        var parts = causeLabel(item.title, outcome.slug).concat(el('span', { class: 'outcome', text: OUTCOME_TEXT[outcome.state] || outcome.state }));
        if (reason) parts.push(el('span', { class: 'reason', text: ' — reason: ' + reason }));
        if (outcome.replacementSlug) {
          parts.push(el('span', { class: 'replacement', text: '. Today\u2019s daily action was replaced by ' + outcome.replacementSlug }));
        } else if (outcome.tookTodaysAction) {
          parts.push(el('span', { class: 'replacement', text: '. It was today\u2019s daily action; no other cause is eligible, so there is none today' }));
        }
        parts.push('.');
        logLine(parts);
        wantRefresh();
      },
      function (error) {
        deciding.delete(item.slug);
        if (mine !== session) return;
        setBusy(cardOf(item.slug), false);
        showError(error.code === 'FORBIDDEN' || error.code === 'NO_KEY' ? error : new DeskError(item.title + ': ' + error.message, error.code));
      },
    );
  }

  // ---- tomorrow's daily action ------------------------------------------------------------------------

  var TEXT_FIELDS = [
    ['headline', 'Headline'],
    ['whyNow', 'Why now'],
    ['whyYou', 'Why you'],
    ['impactStatement', 'Impact'],
  ];

  function texts(label, lang, action) {
    var list = el('dl', { class: 'texts' });
    TEXT_FIELDS.forEach(function (field) {
      list.append(el('dt', { text: field[1] }), el('dd', { lang: lang, class: 'text-' + field[0], 'data-field': field[0], text: action[field[0]] }));
    });
    return el('section', { class: 'texts-' + lang }, [el('h3', { text: label }), list]);
  }

  function renderPreview(preview) {
    ui.previewSection.hidden = false;
    if (!preview) {
      ui.preview.replaceChildren(el('p', { class: 'no-preview', text: 'No cause is eligible for tomorrow yet: approve one, or choose one below.' }));
      return;
    }
    ui.preview.replaceChildren(
      el('p', { class: 'preview-title' }, [
        el('strong', { class: 'preview-cause', text: preview.title }),
        ' ',
        el('code', { class: 'preview-slug', text: preview.slug }),
      ]),
      el('p', {
        class: 'preview-day',
        text: 'For ' + preview.day + (preview.chosenBy ? ', chosen by ' + preview.chosenBy : ', as the 02:00 refresh would pick it now') + '.',
      }),
      el('div', { class: 'summaries' }, [texts('German', 'de', preview.de), texts('English', 'en', preview.en)]),
    );
  }

  ui.chooseForm.addEventListener('submit', function (event) {
    event.preventDefault();
    var slug = ui.chooseSlug.value.trim();
    if (!slug) {
      showError('Write the slug of the cause to choose.');
      ui.chooseSlug.focus();
      return;
    }
    clearError();
    var mine = session;
    var button = ui.chooseForm.querySelector('button');
    button.disabled = true;
    enqueue(function () {
      return send(CHOOSE, { slug: slug });
    })
      .then(
        function (data) {
          if (mine !== session) return;
          var preview = data.chooseDailyAction;
          renderPreview(preview);
          ui.chooseSlug.value = '';
          logLine(causeLabel(preview.title, preview.slug).concat(el('span', { class: 'outcome', text: 'chosen as the daily action of ' + preview.day }), '.'));
        },
        function (error) {
          if (mine === session) showError(error);
        },
      )
      .finally(function () {
        button.disabled = false;
      });
  });

  // ---- start ------------------------------------------------------------------------------------------

  var stored = readStoredKey();
  if (stored) useKey(stored);
})();
