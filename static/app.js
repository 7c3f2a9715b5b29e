// Progressive enhancement only: every page works without this script.
"use strict";

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Worked examples: run in place through the JSON API instead of reloading the page.
function enhanceExampleForms() {
  for (const form of document.querySelectorAll("form.run")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const section = form.closest(".example");
      const output = section.querySelector(".ex-output");
      const params = {};
      for (const [k, v] of new FormData(form).entries()) params[k] = v;
      const button = form.querySelector("button");
      button.disabled = true;
      try {
        const resp = await fetch(`/api/examples/${section.dataset.example}/run`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ params }),
        });
        const body = await resp.json();
        output.replaceChildren();
        if (body.ok) {
          const p = el("p", { class: "ex-result" });
          p.append(el("strong", {}, "Result 结果: "), el("code", { class: "result" }, JSON.stringify(body.result)));
          const ol = el("ol", { class: "steps" });
          for (const s of body.steps) ol.append(el("li", {}, s));
          output.append(p, ol);
        } else {
          output.append(el("p", { class: "error", role: "alert" }, body.error.message));
          const field = body.error.param && form.querySelector(`[name="${CSS.escape(body.error.param)}"]`);
          if (field) field.focus();
        }
      } catch (err) {
        output.replaceChildren(el("p", { class: "error", role: "alert" }, `Could not run: ${err}`));
      } finally {
        button.disabled = false;
      }
    });
  }
}

// The interface's words, in the reader's language (both: Chinese, then English).
const UI = document.body.dataset.ui || "both";
let STRINGS = {};
try { STRINGS = JSON.parse(document.body.dataset.strings || "{}"); } catch { STRINGS = {}; }

function wordsPlain(key) {
  const m = STRINGS[key];
  if (!m) return key;
  if (UI === "zh" || UI === "en") return m[UI];
  return m.zh === m.en ? m.zh : `${m.zh} · ${m.en}`;
}

function setWords(node, key) {
  const m = STRINGS[key];
  if (!m || UI === "zh" || UI === "en" || m.zh === m.en) {
    node.textContent = wordsPlain(key);
    return;
  }
  node.replaceChildren(el("span", { lang: "zh" }, m.zh), " ", el("span", { lang: "en" }, m.en));
}

// Header: below the breakpoint the links fold into a menu (the #menu link works without this).
function enhanceMenu() {
  const link = document.querySelector("a.menu-toggle");
  const menu = document.getElementById("menu");
  if (!link || !menu) return;
  const button = el("button", { type: "button", class: "menu-toggle", "aria-expanded": "false", "aria-controls": "menu" });
  setWords(button, "nav.menu");
  link.replaceWith(button);
  const close = (focus) => {
    menu.classList.remove("open");
    button.setAttribute("aria-expanded", "false");
    if (focus) button.focus();
  };
  button.addEventListener("click", () => {
    const open = !menu.classList.contains("open");
    menu.classList.toggle("open", open);
    button.setAttribute("aria-expanded", String(open));
    if (open) (menu.querySelector("input, a") || menu).focus();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && menu.classList.contains("open")) close(true);
  });
  document.addEventListener("click", (e) => {
    if (menu.classList.contains("open") && !menu.contains(e.target) && e.target !== button && !button.contains(e.target)) close(false);
  });
  const closeLink = menu.querySelector(".menu-close");
  if (closeLink) closeLink.remove();
}

// Provenance badges: a tap or Enter shows what the badge means, in place (the link to the
// legend works without this). Called again for badges that live search brings in.
const badgeTip = { tip: null, owner: null };

function hideBadgeTip() {
  const { tip, owner } = badgeTip;
  if (!tip) return;
  tip.hidden = true;
  tip.replaceChildren();
  if (owner) owner.setAttribute("aria-expanded", "false");
  badgeTip.owner = null;
}

function showBadgeTip(badge) {
  const entry = document.getElementById(badge.dataset.tipFor);
  const meaning = entry && entry.querySelector("dd");
  if (!meaning) return false;
  if (!badgeTip.tip) {
    badgeTip.tip = el("div", { class: "tip", role: "status", hidden: "" });
    document.body.append(badgeTip.tip);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && badgeTip.owner) { const b = badgeTip.owner; hideBadgeTip(); b.focus(); }
    });
    document.addEventListener("click", (e) => {
      const { tip, owner } = badgeTip;
      if (owner && !tip.contains(e.target) && !owner.contains(e.target)) hideBadgeTip();
    });
  }
  const tip = badgeTip.tip;
  badgeTip.owner = badge;
  badge.setAttribute("aria-expanded", "true");
  const box = badge.getBoundingClientRect();
  tip.hidden = false;
  tip.style.top = `${box.bottom + scrollY + 6}px`;
  tip.style.left = `${Math.max(8, Math.min(box.left + scrollX, document.documentElement.clientWidth - 330))}px`;
  const more = el("a", { href: "#whose-words" });
  setWords(more, "prov.tip_more");
  const text = el("p", {});
  text.style.margin = "0 0 4px";
  text.append(badge.textContent.trim(), ": ", meaning.textContent.trim());
  setTimeout(() => { if (badgeTip.owner === badge) tip.replaceChildren(text, more); }, 30);  // shown first: announced
  return true;
}

function enhanceBadges() {
  for (const badge of document.querySelectorAll("a.badge[data-tip-for]:not([role])")) {
    badge.setAttribute("role", "button");
    badge.setAttribute("aria-expanded", "false");
    badge.addEventListener("click", (e) => {
      e.preventDefault();
      if (badgeTip.owner === badge) { hideBadgeTip(); return; }
      hideBadgeTip();
      if (!showBadgeTip(badge)) location.hash = badge.getAttribute("href");
    });
    badge.addEventListener("keydown", (e) => {
      if (e.key === " ") { e.preventDefault(); badge.click(); }
    });
  }
}

// Citation bar: copy the citation (text or Markdown), share the link; each button says what it did.
function enhanceCitation() {
  const bar = document.querySelector(".cite-bar");
  if (!bar) return;
  const status = bar.querySelector(".cite-status");
  const fallback = bar.querySelector(".cite-fallback");
  const area = fallback && fallback.querySelector("textarea");
  const label = fallback && fallback.querySelector("label");
  const link = bar.querySelector(".permalink-link");
  const buttons = [...bar.querySelectorAll("button[data-label]")];
  const timers = new Map();
  const reset = (button) => {
    clearTimeout(timers.get(button));
    button.classList.remove("done");
    setWords(button, button.dataset.label);
  };
  const done = (button, key) => {
    for (const b of buttons) if (b !== button) reset(b);
    setWords(button, key || button.dataset.done);
    button.classList.add("done");
    setWords(status, key || button.dataset.done);
    clearTimeout(timers.get(button));
    timers.set(button, setTimeout(() => reset(button), 5000));
  };
  // Without the clipboard API: show the text selected, and say how to copy it.
  const select = (text) => {
    for (const b of buttons) reset(b);
    fallback.hidden = false;
    area.value = text;
    setWords(label, "cite.selected");
    setWords(status, "cite.selected");
    area.focus();
    area.select();
    area.setSelectionRange(0, text.length);
  };
  const copy = async (text, button, key) => {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      try {
        await navigator.clipboard.writeText(text);
        if (fallback) fallback.hidden = true;
        done(button, key);
        return;
      } catch { /* refused: fall back to a selection */ }
    }
    select(text);
  };
  for (const button of buttons) {
    button.hidden = false;
    if (button.dataset.copy) {
      const source = document.getElementById(button.dataset.copy);
      if (!source) { button.hidden = true; continue; }
      button.addEventListener("click", () => copy(source.textContent.trim(), button));
    } else if (button.hasAttribute("data-share")) {
      const url = link ? link.href : location.href;
      button.addEventListener("click", async () => {
        if (navigator.share) {
          try {
            await navigator.share({ title: button.dataset.title || document.title, url });
            done(button);
          } catch (err) {
            if (err && err.name !== "AbortError") copy(url, button, "cite.copied_link");
          }
          return;
        }
        copy(url, button, "cite.copied_link");
        if (fallback) {  // the link stays in view, ready to copy again by hand
          fallback.hidden = false;
          area.value = url;
          setWords(label, "cite.link_label");
        }
      });
    }
  }
}

// Search page: results as you type (the form still works without this), never while an
// input method is still composing (pinyin is not the query), announced when they change.
function enhanceSearch() {
  const form = document.querySelector("form.search[role=search]");
  const input = document.getElementById("q");
  const region = document.getElementById("results-region");
  const status = document.getElementById("live-status");
  if (!form || !input || !region || form.getAttribute("action") !== "/") return;
  const list = el("datalist", { id: "q-suggestions" });
  form.append(list);
  input.setAttribute("list", "q-suggestions");
  let timer = null;
  let seq = 0;
  let composing = false;
  const run = async () => {
    const q = input.value.trim();
    if (composing || !q) return;
    const mine = ++seq;
    const params = new URLSearchParams(new FormData(form));
    fetch(`/api/suggest?q=${encodeURIComponent(q)}`).then((r) => r.json()).then((body) => {
      if (mine !== seq) return;
      list.replaceChildren(...body.suggestions.map((s) => el("option", { value: s.text })));
    }).catch(() => {});
    let html;
    try {
      const resp = await fetch(`/?${params}&partial=results`);
      if (!resp.ok && resp.status !== 400) return;
      html = await resp.text();
    } catch { return; }
    if (mine !== seq || composing) return;
    region.innerHTML = html;  // server-rendered and escaped, the same markup as a full page
    for (const node of document.querySelectorAll("section.intro, p.tagline")) node.remove();
    enhanceBadges();
    const heading = region.querySelector("#results-h, .error");
    if (status && heading) status.textContent = heading.textContent.replace(/\s+/g, " ").trim();
    history.replaceState(null, "", `/?${params}`);
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, 250);
  };
  input.addEventListener("compositionstart", () => {
    composing = true;
    clearTimeout(timer);
  });
  input.addEventListener("compositionend", () => {
    composing = false;
    schedule();
  });
  input.addEventListener("input", (event) => {
    if (event.isComposing || composing) return;
    schedule();
  });
  for (const select of form.querySelectorAll("select")) select.addEventListener("change", schedule);
}

document.addEventListener("DOMContentLoaded", () => {
  enhanceExampleForms();
  enhanceMenu();
  enhanceBadges();
  enhanceCitation();
  enhanceSearch();
});
