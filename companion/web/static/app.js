// The little JavaScript of our own: keep the screen awake at the table,
// keep the live regions updated, make every tap count (or say why it
// didn't), and a few form conveniences.
(function () {
  "use strict";

  // DOM calls through the prototypes, never through the node itself: a
  // form's fields are also its properties and hide the form's own (a field
  // named "remove" hides form.remove(), one named "id" form.id, "submit"
  // form.submit(), and so for any name), so code that may meet a form asks
  // Element.prototype or Node.prototype instead.
  const dom = (function () {
    function getter(proto, name) {
      const get = Object.getOwnPropertyDescriptor(proto, name).get;
      return function (node) { return get.call(node); };
    }
    function method(proto, name) {  // none of those used takes more than two arguments
      const call = proto[name];
      return function (node, first, second) { return call.call(node, first, second); };
    }
    const N = Node.prototype, E = Element.prototype, F = HTMLFormElement.prototype;
    return {
      nodeType: getter(N, "nodeType"), nodeName: getter(N, "nodeName"), childNodes: getter(N, "childNodes"),
      firstChild: getter(N, "firstChild"), nextSibling: getter(N, "nextSibling"), parentNode: getter(N, "parentNode"),
      parentElement: getter(N, "parentElement"),
      isConnected: getter(N, "isConnected"), textContent: getter(N, "textContent"),
      appendChild: method(N, "appendChild"), insertBefore: method(N, "insertBefore"),
      replaceChild: method(N, "replaceChild"), removeChild: method(N, "removeChild"),
      attributes: getter(E, "attributes"), classList: getter(E, "classList"),
      getAttribute: method(E, "getAttribute"), hasAttribute: method(E, "hasAttribute"),
      setAttribute: method(E, "setAttribute"), removeAttribute: method(E, "removeAttribute"),
      matches: method(E, "matches"), closest: method(E, "closest"),
      querySelector: method(E, "querySelector"), querySelectorAll: method(E, "querySelectorAll"),
      // Element.prototype.remove, for elements; removeChild takes text too.
      remove: function (node) { const parent = dom.parentNode(node); if (parent) dom.removeChild(parent, node); },
      submit: method(F, "submit"), reset: method(F, "reset"),
    };
  })();

  // Screen Wake Lock, where the browser has it; re-taken when the page is shown again.
  let lock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator)) {
      // Browsers offer it only on secure pages, and phones reach us over
      // plain http on the LAN: the video below stands in from the first tap.
      showWakeHint(!awakeVideo || awakeVideo.paused);
      resumeAwakeVideo();
      return;
    }
    if (document.visibilityState !== "visible") return;
    try { lock = await navigator.wakeLock.request("screen"); } catch (e) { lock = null; }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);

  // Without the API: a silent video, playing in a loop across the whole view
  // but transparent and untouchable behind the page. Chromium keeps the
  // screen on while a video with picture plays on a shown page, mostly on
  // screen and covering a fifth of the view or more (what it measures is the
  // box, not how it is painted). Phones let a page start a video only after
  // a tap, so the first tap anywhere starts it.
  const here = document.currentScript ? document.currentScript.src : window.location.href;
  let awakeVideo = null;
  function showWakeHint(shown) {
    const hint = document.getElementById("wake-hint");
    if (hint) hint.hidden = !shown;
  }
  function startAwakeVideo() {
    if ("wakeLock" in navigator && lock) return;
    if (!document.querySelector(".live-page")) return;  // the table's pages only
    if (!awakeVideo) {
      awakeVideo = document.createElement("video");
      awakeVideo.className = "awake-video";
      awakeVideo.muted = true;
      awakeVideo.loop = true;
      awakeVideo.playsInline = true;
      awakeVideo.disableRemotePlayback = true;
      ["muted", "playsinline", "loop"].forEach(function (name) { awakeVideo.setAttribute(name, ""); });
      awakeVideo.setAttribute("aria-hidden", "true");
      awakeVideo.tabIndex = -1;
      [["awake.webm", "video/webm"], ["awake.mp4", "video/mp4"]].forEach(function (file) {
        const source = document.createElement("source");
        source.src = new URL(file[0], here).href;
        source.type = file[1];
        awakeVideo.appendChild(source);
      });
      awakeVideo.addEventListener("playing", function () { showWakeHint(false); });
      awakeVideo.addEventListener("pause", function () { showWakeHint(!("wakeLock" in navigator)); });
      document.body.appendChild(awakeVideo);
    }
    resumeAwakeVideo();
  }
  function resumeAwakeVideo() {
    if (awakeVideo && awakeVideo.paused && document.visibilityState === "visible") {
      const playing = awakeVideo.play();
      if (playing) playing.catch(function () { showWakeHint(true); });
    }
  }
  document.addEventListener("pointerdown", function () {
    if (!("wakeLock" in navigator) || !lock) startAwakeVideo();
  }, true);

  // Live regions. The sse extension in our htmx package is written for htmx 1
  // and fails on every message under htmx 2, so the same attributes are bound
  // here: the element with sse-connect opens the stream, and each child with
  // sse-swap="NAME" takes the HTML of the events named NAME (hx-swap="none"
  // skips it). On connect the server sends every region, so a phone that
  // lost Wi-Fi or slept catches up as soon as the stream is back.
  function setLive(state, version) {
    document.documentElement.dataset.live = state;
    const dot = document.getElementById("live-status");
    if (dot) {
      dot.dataset.state = state;
      if (version !== undefined) dot.dataset.version = version;
    }
  }
  const streams = [];
  function gone() { return document.documentElement.dataset.live === "gone"; }
  function connect(holder) {
    if (holder.source) holder.source.close();
    if (gone()) return;
    const source = holder.source = new EventSource(dom.getAttribute(holder, "sse-connect"));
    dom.querySelectorAll(holder, "[sse-swap]").forEach(function (target) {
      const style = dom.getAttribute(target, "hx-swap") || "innerHTML";
      if (style === "none") return;
      source.addEventListener(dom.getAttribute(target, "sse-swap"), function (event) {
        if (style === "innerHTML") update(target, event.data);
        else htmx.swap(target, event.data, {swapStyle: style});
      });
    });
    source.addEventListener("version", function (event) { setLive("open", event.data); });
    // A list the server can't send to every reader alike (the history, with
    // each reader's secrets left out) is fetched again when the version moves on.
    source.addEventListener("version", function (event) {
      const list = dom.querySelector(holder, "[data-refresh]");
      if (list && dom.getAttribute(list, "data-version") !== event.data) {
        htmx.ajax("GET", dom.getAttribute(list, "data-refresh"), {target: list, swap: "outerHTML"});
      }
    });
    // The server pings every few seconds; silence for much longer means the
    // connection died without the browser noticing (Wi-Fi hand-over, sleep).
    function watch() {
      clearTimeout(holder.watchdog);
      holder.watchdog = setTimeout(function () { if (holder.source === source) { setLive("lost"); connect(holder); } },
                                   Number(holder.dataset.silenceMs || 40000));
    }
    ["ping", "version"].forEach(function (name) { source.addEventListener(name, watch); });
    // The table was deleted: reloading shows the page that says so.
    source.addEventListener("gone", function () { source.close(); setLive("gone"); window.location.reload(); });
    // The host moved this seat to another phone: show this one the join page, saying why.
    source.addEventListener("seat-lost", function () {
      source.close(); window.location.replace(window.location.pathname + "?seat=moved");
    });
    source.onopen = function () { holder.retryDelay = 1000; setLive("open"); clearFailures("sendError"); };
    source.onerror = function () {
      setLive("lost");
      // The browser retries by itself unless it gave up (CLOSED: the server
      // answered something else than a stream); then we do, after asking why.
      if (source.readyState !== EventSource.CLOSED) return;
      holder.retryDelay = Math.min((holder.retryDelay || 1000) * 2, 30000);
      retryLater(holder, source);
    };
  }
  // An EventSource can't read the refusal, so the same address with ?probe=1
  // answers it again without opening a stream: a full server (503) or too
  // many pages from this phone (429) says in Retry-After how long to wait.
  // The wait is spread a little, so a roomful of phones doesn't come back at once.
  function retryLater(holder, source) {
    const url = dom.getAttribute(holder, "sse-connect");
    const again = function (ms) { setTimeout(function () { if (holder.source === source) connect(holder); }, ms); };
    fetch(url + (url.indexOf("?") < 0 ? "?" : "&") + "probe=1", {cache: "no-store"}).then(function (answer) {
      const seconds = Number(answer.headers.get("Retry-After"));
      if ((answer.status === 503 || answer.status === 429) && seconds > 0) {
        again(seconds * 1000 * (1 + Math.random() / 2));
      } else {
        again(holder.retryDelay);
      }
    }, function () { again(holder.retryDelay); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[sse-connect]").forEach(function (holder) { streams.push(holder); connect(holder); });
  });
  // Back from sleep or a dead zone, the old connection may be dead without
  // the browser knowing: start afresh (the server resends every region).
  function reconnectAll() { if (document.visibilityState === "visible") streams.forEach(connect); }
  window.addEventListener("online", reconnectAll);
  document.addEventListener("visibilitychange", reconnectAll);

  // A region's new HTML is merged into the old, not swapped in: the buttons
  // stay the same elements, so a tap on its way (htmx drops a request whose
  // form left the page) or a finger already down still counts, and a refusal
  // shown next to a control outlives the others' changes. What a person has
  // open stays as they have it, whoever made the change: an open fold
  // (details) or dialog stays open, a field being typed in or a choice being
  // made keeps its text or choice, and focus and the scroll position stay.
  // Numbers that changed light up for a moment: someone just did that.
  function update(region, html) {
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    morph(region, fresh.content);
  }
  function morph(region, fragment) {
    const restoreFocus = keepFocus(), restoreScroll = keepInView();
    mergeChildren(region, fragment);
    restoreFocus();
    restoreScroll();
    noteFolds(region);
    htmx.process(region);
    reachScrollers(region);
    followOnDisplay(region);
  }

  // The table display follows the table by itself (nobody taps a display):
  // when a link marked data-follow appears that the page didn't have when it
  // was opened (a campaign's scenario started; the scenario's result
  // reported), it goes there. One the page was opened with stays a link:
  // someone brought the display here on purpose (the bar's way back).
  const followed = new Set();
  function followLinks(root) { return Array.from(dom.querySelectorAll(root, "a[data-follow]")); }
  document.addEventListener("DOMContentLoaded", function () {
    followLinks(document.body).forEach(function (link) { followed.add(link.href); });
  });
  function followOnDisplay(region) {
    if (!document.body.classList.contains("display-page")) return;
    const fresh = followLinks(region).filter(function (link) { return !followed.has(link.href); });
    if (fresh.length) window.location.assign(fresh[fresh.length - 1].href);
  }

  // Old and new children are paired before they are merged, so that a fold
  // stays with what it belongs to when something before it comes or goes:
  // first by a key (below), then the rest in order, each with the next
  // unpaired old node of its kind. Only nodes that changed places move.
  function mergeChildren(old, fresh) {
    const olds = Array.from(dom.childNodes(old)), news = Array.from(dom.childNodes(fresh));
    const pairs = pair(olds, news), kept = new Set(pairs.values());
    const placed = news.map(function (node) {
      const match = pairs.get(node);
      if (!match) return node;
      merge(match, node);
      return match;
    });
    let cursor = dom.firstChild(old);
    function dropUnkept() {
      while (cursor && !kept.has(cursor)) {
        const next = dom.nextSibling(cursor);
        dom.removeChild(old, cursor);
        cursor = next;
      }
    }
    placed.forEach(function (node) {
      dropUnkept();
      if (node === cursor) cursor = dom.nextSibling(cursor);
      else dom.insertBefore(old, node, cursor);
    });
    dropUnkept();
  }
  function pair(olds, news) {
    const pairs = new Map(), paired = new Set();
    const oldKeys = olds.map(key), newKeys = news.map(key);
    const byKey = new Map();
    olds.forEach(function (node, i) {
      if (oldKeys[i] === null) return;
      if (!byKey.has(oldKeys[i])) byKey.set(oldKeys[i], []);
      byKey.get(oldKeys[i]).push(node);
    });
    news.forEach(function (node, i) {
      const same = newKeys[i] !== null && byKey.get(newKeys[i]);
      if (same && same.length) { const match = same.shift(); pairs.set(node, match); paired.add(match); }
    });
    // An old node whose key the new children still have waits for its own.
    const stillThere = new Set(newKeys.filter(function (k) { return k !== null; }));
    const byKind = new Map();
    olds.forEach(function (node, i) {
      if (paired.has(node) || (oldKeys[i] !== null && stillThere.has(oldKeys[i]))) return;
      const k = kind(node);
      if (!byKind.has(k)) byKind.set(k, []);
      byKind.get(k).push(node);
    });
    news.forEach(function (node, i) {
      const same = !pairs.has(node) && byKind.get(kind(node));
      if (!same) return;
      const at = same.findIndex(function (old) { return mayBecome(old, node, newKeys[i]); });
      if (at >= 0) pairs.set(node, same.splice(at, 1)[0]);
    });
    return pairs;
  }
  // Whether an unpaired old node may take on a new one's content. One that
  // holds something of the person's does so only if it is the same thing:
  // an open fold only a fold with much the same summary ("Attack modifier deck
  // (1 card)" and "(2 cards)", not "Scenario and difficulty" and "End the
  // scenario", which took the place of the other), a field being typed in or
  // chosen from never another field.
  function mayBecome(old, fresh, freshKey) {
    if (freshKey === null || key(old) === null) return true;
    const tag = dom.nodeName(old);
    if (tag === "DETAILS" || tag === "DIALOG") {
      return !dom.hasAttribute(old, "open") || similar(summaryText(old), summaryText(fresh));
    }
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return !inUse(old);
    return true;
  }
  function similar(a, b) {
    if (!a || !b) return true;
    let same = 0;
    while (same < a.length && a[same] === b[same]) same++;
    return same > 0 && same * 2 >= Math.min(a.length, b.length);
  }
  // A field the person is using: focused, or changed from what the server sent.
  function inUse(field) {
    if (field === document.activeElement) return true;
    if (field instanceof HTMLSelectElement) return chosen(field) !== chosenByDefault(field);
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      return field.checked !== field.defaultChecked;
    }
    return (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value !== field.defaultValue;
  }
  function kind(node) { return dom.nodeType(node) + " " + dom.nodeName(node); }
  // An element's key: its id; else a field's name; else a fold's summary
  // text (its numbers left out: "Spellbooks: 1 of 6" is the same fold at 2),
  // what its forms act on (the action type and the first other hidden
  // field, like the standee's number) and what it holds: the templates need
  // no ids.
  function key(node) {
    if (dom.nodeType(node) !== Node.ELEMENT_NODE) return null;
    const id = dom.getAttribute(node, "id") || dom.getAttribute(node, "data-key");
    if (id) return "#" + id;
    const tag = dom.nodeName(node), name = dom.getAttribute(node, "name");
    if (name && (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA")) {
      const type = dom.getAttribute(node, "type");
      return tag + " " + name + (type === "radio" || type === "checkbox" ? "=" + dom.getAttribute(node, "value") : "");
    }
    // What it is (a fold's words), what its forms act on, and the first
    // thing inside it with a name of its own (an id, a fold's words, the
    // thing a form acts on, like a standee's number), so a list item is
    // known by the card, the fold or the thing it holds.
    const action = dom.querySelector(node, "input[type=hidden][name=type]");
    const inner = dom.querySelector(node, "[id], details, input[type=hidden]:not([name=type]):not([name=csrf_token])");
    const parts = [tag === "DETAILS" ? summaryText(node) : "", action ? dom.getAttribute(action, "value") : "",
                   inner ? identity(inner) : ""];
    return parts.join("") ? tag + "|" + parts.join("|") : null;
  }
  function identity(element) {
    const id = dom.getAttribute(element, "id");
    if (id) return "#" + id;
    if (dom.nodeName(element) === "DETAILS") return summaryText(element);
    return dom.getAttribute(element, "name") + "=" + dom.getAttribute(element, "value");
  }

  // A fold's own words: the summary's text, not what it holds (a list of
  // conditions, a number's working) nor numbers.
  function summaryText(details) {
    const summary = dom.querySelector(details, ":scope > summary");
    if (!summary) return "";
    return Array.from(dom.childNodes(summary)).filter(function (node) { return dom.nodeType(node) === Node.TEXT_NODE; })
      .map(function (node) { return node.nodeValue; }).join(" ").replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
  }

  function merge(old, fresh) {
    if (dom.nodeType(old) !== Node.ELEMENT_NODE) {
      if (old.nodeValue !== fresh.nodeValue) {
        old.nodeValue = fresh.nodeValue;
        const value = old.parentElement && dom.closest(old.parentElement, ".value, .last");
        if (value) light(value);
      }
      return;
    }
    const tag = dom.nodeName(old), focused = old === document.activeElement;
    // Attributes that are the person's, not the server's: a fold's "open",
    // and what a focused field shows or a radio group has chosen. A button
    // holds nothing typed: focused after a tap, it still takes the server's
    // value (a list of one-tap buttons shifts, and the label changes with it).
    const theirs = {"class": true};
    if (tag === "DETAILS" || tag === "DIALOG") { theirs.open = true; fold(old, fresh); }
    if (focused && !isButton(old)) theirs.value = theirs.checked = true;
    if (tag === "INPUT" && radioGroupInUse(old)) theirs.checked = true;
    Array.from(dom.attributes(old)).forEach(function (a) {
      if (!theirs[a.name] && !dom.hasAttribute(fresh, a.name)) dom.removeAttribute(old, a.name);
    });
    Array.from(dom.attributes(fresh)).forEach(function (a) {
      if (!theirs[a.name] && dom.getAttribute(old, a.name) !== a.value) dom.setAttribute(old, a.name, a.value);
    });
    // The server's classes, plus a highlight still running.
    const lit = dom.classList(old).contains("changed");
    const classes = dom.getAttribute(fresh, "class") || "";
    if ((dom.getAttribute(old, "class") || "") !== classes) {
      dom.setAttribute(old, "class", classes);
      if (lit) dom.classList(old).add("changed");
    }
    // An error slot is only ever filled by this phone's own answer; a focused
    // text area's text is being typed (one with text typed and not focused
    // keeps it by itself: new text only changes its default).
    if (dom.matches(old, "output.error") || (tag === "TEXTAREA" && focused)) return;
    if (tag === "SELECT" && inUse(old)) {
      const choice = chosen(old).split("\n");
      mergeChildren(old, fresh);
      Array.from(old.options).forEach(function (option) { option.selected = choice.indexOf(option.value) >= 0; });
      return;
    }
    mergeChildren(old, fresh);
  }
  function isButton(element) {
    const tag = dom.nodeName(element);
    return tag === "BUTTON" ||
      (tag === "INPUT" && ["submit", "button", "reset", "image"].indexOf(dom.getAttribute(element, "type")) >= 0);
  }

  function light(value) {
    const classes = dom.classList(value);
    classes.remove("changed"); void value.offsetWidth; classes.add("changed");
  }
  function chosen(select) {
    return Array.from(select.options).filter(function (o) { return o.selected; }).map(function (o) { return o.value; }).join("\n");
  }
  function chosenByDefault(select) {
    const options = Array.from(select.options), marked = options.filter(function (o) { return o.defaultSelected; });
    const picked = select.multiple || marked.length ? marked.slice(select.multiple ? 0 : -1) : options.slice(0, 1);
    return picked.map(function (o) { return o.value; }).join("\n");
  }
  // A radio button chosen by the person: the server's "checked" on another
  // one of its group would take the choice away.
  function radioGroupInUse(input) {
    if (input.type !== "radio" || !input.name) return false;
    const scope = dom.closest(input, "form, [sse-swap]") || document.body;
    return Array.from(dom.querySelectorAll(scope, "input[type=radio]")).some(function (radio) {
      return radio.name === input.name && radio.checked !== radio.defaultChecked;
    });
  }

  // Folds: an open one stays open (closing it is only ever the person's
  // doing); a closed one opens when the server newly renders it open (say, a
  // wound to resolve), but not again once the person closed it.
  const renderedOpen = new WeakMap();
  function fold(old, fresh) {
    const open = dom.hasAttribute(fresh, "open");
    if (open && !dom.hasAttribute(old, "open") && renderedOpen.get(old) !== true) dom.setAttribute(old, "open", "");
    renderedOpen.set(old, open);
  }
  function noteFolds(region) {
    dom.querySelectorAll(region, "details, dialog").forEach(function (node) {
      if (!renderedOpen.has(node)) renderedOpen.set(node, dom.hasAttribute(node, "open"));
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[sse-swap]").forEach(noteFolds);
  });

  // What the person last touched stays where it is on the screen, so a
  // button doesn't slide from under a thumb when something above it comes or
  // goes (the browser's own scroll anchoring keeps the top of the view, which
  // may be above the change). Nothing touched in view: the browser's way.
  // (A fold opened by tapping or by keyboard had its summary touched first.)
  let touched = null;
  ["pointerdown", "focusin"].forEach(function (name) {
    document.addEventListener(name, function (event) { if (event.target instanceof Element) touched = event.target; }, true);
  });
  function keepInView() {
    // Only something in view and smaller than the view (else the browser
    // knows better); if the update takes it away, what held it stays put.
    const anchor = touched;
    if (!anchor || !dom.isConnected(anchor) || !inView(anchor)) return function () {};
    const chain = [];
    for (let node = anchor; node && node !== document.body; node = dom.parentElement(node)) chain.push([node, top(node)]);
    return function () {
      const kept = chain.find(function (link) { return dom.isConnected(link[0]); });
      if (!kept) return;
      const moved = top(kept[0]) - kept[1];
      if (Math.abs(moved) >= 0.5) window.scrollBy(0, moved);
    };
  }
  function top(element) { return Element.prototype.getBoundingClientRect.call(element).top; }
  function inView(element) {
    const box = Element.prototype.getBoundingClientRect.call(element);
    return box.height > 0 && box.height <= window.innerHeight && box.bottom > 0 && box.top < window.innerHeight;
  }

  // Focus stays where it was, its caret too, even if its field moved.
  function keepFocus() {
    const active = document.activeElement;
    if (!active || active === document.body || !(active instanceof HTMLElement)) return function () {};
    const typing = active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement;
    let caret = null;
    try { if (typing && active.selectionStart !== null) caret = [active.selectionStart, active.selectionEnd, active.selectionDirection]; } catch (e) { caret = null; }
    return function () {
      if (document.activeElement === active || !dom.isConnected(active)) return;
      HTMLElement.prototype.focus.call(active, {preventScroll: true});
      if (caret) try { active.setSelectionRange(caret[0], caret[1], caret[2]); } catch (e) { /* not a text field any more */ }
    };
  }
  // The regions that ride along with an action's answer are merged the same way.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const target = event.detail.target;
    if ((dom.getAttribute(target, "id") || "").indexOf("region-") !== 0) return;
    morph(target, event.detail.fragment);
    event.detail.shouldSwap = false;
  });

  // Each tap sends what was tapped, as it was at that moment, even when it
  // waits behind the tap before it (hx-sync queues them).
  document.addEventListener("htmx:confirm", function (event) {
    const submit = event.detail.triggeringEvent;
    const form = event.detail.elt;
    if (!submit || submit.type !== "submit" || !(form instanceof HTMLFormElement)) return;
    const values = {};
    new FormData(form).forEach(function (value, name) { values[name] = value; });
    if (submit.submitter && submit.submitter.name) values[submit.submitter.name] = submit.submitter.value;
    event.detail.etc.values = values;
  });
  // A new action means the player moved on from an old refusal.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!dom.closest(event.detail.elt, "form.action, .log-tail form")) return;
    document.querySelectorAll("output.error").forEach(function (slot) { slot.textContent = ""; delete slot.dataset.failed; });
  });
  // No answer (Wi-Fi gone) or an answer that isn't the game's (a server
  // error): say so next to what was tapped, instead of nothing happening.
  function failed(event, key) {
    const form = dom.closest(event.detail.elt, "form");
    const slot = form && dom.querySelector(form, "output.error");
    const page = document.querySelector("[data-send-error]");
    if (slot && page) { slot.textContent = page.dataset[key]; slot.dataset.failed = key; }
  }
  // Such a message is about the connection, not the game: it goes once the
  // connection is back (the stream reopens) or an action gets through.
  function clearFailures(kind) {
    document.querySelectorAll(kind ? 'output.error[data-failed="' + kind + '"]' : "output.error[data-failed]")
      .forEach(function (slot) { slot.textContent = ""; delete slot.dataset.failed; });
  }
  document.addEventListener("htmx:sendError", function (event) { failed(event, "sendError"); });
  document.addEventListener("htmx:responseError", function (event) { failed(event, "responseError"); });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 200 && dom.closest(event.detail.elt, "form")) clearFailures();
  });
  // Forms that make something new (a track) empty themselves once it's made.
  document.addEventListener("htmx:afterRequest", function (event) {
    const form = event.detail.elt;
    // 422 (refused) also counts as "successful" to htmx: only a 200 made it.
    if (event.detail.xhr && event.detail.xhr.status === 200 && dom.matches(form, "form[data-reset]")) dom.reset(form);
  });

  // A table wider than the phone scrolls sideways in its box (.scroll-x):
  // the box takes the keyboard's focus (arrow keys scroll it) and is named
  // after its table (its caption, else the heading or fold it sits under,
  // else its column headers), so the hidden columns are reachable without a
  // finger. Done here, for every game's tables at once, and again after
  // each update (a merge drops attributes the server's HTML lacks).
  function reachScrollers(root) {
    dom.querySelectorAll(root, ".scroll-x").forEach(function (box) {
      if (!dom.hasAttribute(box, "tabindex")) dom.setAttribute(box, "tabindex", "0");
      if (!dom.hasAttribute(box, "role")) dom.setAttribute(box, "role", "region");
      if (!dom.hasAttribute(box, "aria-label") && !dom.hasAttribute(box, "aria-labelledby")) {
        const name = scrollerName(box);
        if (name) dom.setAttribute(box, "aria-label", name);
      }
    });
  }
  function scrollerName(box) {
    const caption = dom.querySelector(box, "caption");
    if (caption) return dom.textContent(caption).trim();
    for (let holder = dom.parentElement(box); holder && holder !== document.body; holder = dom.parentElement(holder)) {
      const heading = dom.querySelector(holder, ":scope > h2, :scope > h3, :scope > h4, :scope > summary");
      if (heading) return dom.textContent(heading).replace(/\s+/g, " ").trim();
    }
    return Array.prototype.map.call(dom.querySelectorAll(box, "thead th"), function (th) {
      return dom.textContent(th).trim();
    }).filter(Boolean).join(", ");
  }
  document.addEventListener("DOMContentLoaded", function () { reachScrollers(document.body); });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target instanceof Element) reachScrollers(event.target);
  });

  // The bar at the foot of a table (last step, Undo) stays over the page:
  // a control the focus reaches partly under it (the browser scrolls only
  // what is wholly out of view) is brought clear of it (scroll-padding-bottom
  // in app.css keeps the bar's height free).
  // The bar's height changes (a second row for Undo), so the padding the
  // browser keeps free follows it rather than a fixed guess.
  // Only focus the keyboard moved: a tap focuses what it touched (a map's
  // scroll box, say), and scrolling then would move the page between the
  // finger's down and up, so the tap would land on something else. So the
  // rule sits out while a pointer is pressing, until the focus its press
  // gives has happened: a mouse focuses on its way down (before pointerup),
  // a finger only after it lifts (the tap's focus comes just before its
  // click), and a finger that scrolls instead gets pointercancel. A key
  // pressed is the keyboard's again, whatever pointer was left pressing.
  let pressing = false;
  function pressed() { pressing = true; }
  function released() { pressing = false; }
  document.addEventListener("pointerdown", pressed, true);
  document.addEventListener("pointerup", function (event) { if (event.pointerType !== "touch") released(); }, true);
  ["click", "pointercancel", "keydown"].forEach(function (name) { document.addEventListener(name, released, true); });
  document.addEventListener("focusin", function (event) {
    const bar = document.querySelector(".table-page .region-log"), focused = event.target;
    if (pressing) return;
    if (!bar || !(focused instanceof Element) || bar.contains(focused)) return;
    const b = bar.getBoundingClientRect();
    document.documentElement.style.scrollPaddingBottom = Math.ceil(b.height + 16) + "px";
    const r = focused.getBoundingClientRect();
    if (r.bottom > b.top + 1 && r.top < b.bottom && r.height < b.top - 60) focused.scrollIntoView({block: "nearest"});
  });

  // Language menu submits itself.
  document.addEventListener("change", function (event) {
    if (dom.matches(event.target, "select[data-autosubmit]")) dom.submit(event.target.form);
  });

  // A live region is rendered once for every browser showing it, so its
  // plain forms carry an empty CSRF token: this page's own goes in as one is sent.
  document.addEventListener("submit", function (event) {
    const field = event.target instanceof HTMLFormElement && dom.querySelector(event.target, "input[name=csrf_token]");
    if (field && !field.value) field.value = JSON.parse(dom.getAttribute(document.body, "hx-headers"))["X-CSRF-Token"];
  }, true);

  // Confirm before destructive buttons (forms or buttons with data-confirm).
  document.addEventListener("click", function (event) {
    const button = event.target instanceof Element && dom.closest(event.target, "button");
    if (!button) return;
    const holder = dom.closest(button, "[data-confirm]") || (button.form && dom.closest(button.form, "[data-confirm]"));
    const question = dom.getAttribute(button, "data-confirm") || (holder && dom.getAttribute(holder, "data-confirm"));
    if (question && !window.confirm(question)) { event.preventDefault(); event.stopPropagation(); }
  }, true);
})();
