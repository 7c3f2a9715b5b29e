// Progressive enhancement only: every page works without this script.
"use strict";

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Worked examples: run in place through the JSON API instead of reloading the page.
// The verdict, result and steps are replaced only on success; a bad value is reported beside
// its field (both languages) and the previous result stays. The heading follows the values
// run, and the result is scrolled into view (on a phone it is above the form).
function bilingual(tag, cls, zh, en) {
  const node = el(tag, cls ? { class: cls } : {});
  node.append(el("span", { class: "l-zh", lang: "zh" }, zh), " ", el("span", { class: "l-en", lang: "en" }, en));
  return node;
}

function clearFieldErrors(form) {
  for (const old of form.querySelectorAll(".field-error")) old.remove();
  for (const field of form.querySelectorAll(".field.invalid")) field.classList.remove("invalid");
  for (const input of form.querySelectorAll("[aria-invalid]")) {
    input.removeAttribute("aria-invalid");
    const ids = (input.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && !id.endsWith("-err"));
    if (ids.length) input.setAttribute("aria-describedby", ids.join(" ")); else input.removeAttribute("aria-describedby");
  }
}

function showFieldError(form, error) {
  const zh = error.message_zh || error.message;
  const field = error.param && form.querySelector(`.field[data-param="${CSS.escape(error.param)}"]`);
  if (!field) {
    const p = bilingual("p", "field-error form-error", zh, error.message);
    p.setAttribute("role", "alert");
    form.querySelector("button[type=submit]").before(p);
    return;
  }
  const input = field.querySelector("input, select");
  const id = `${input.id}-err`;
  const p = bilingual("p", "field-error", zh, error.message);
  p.id = id;
  p.setAttribute("role", "alert");
  field.append(p);
  field.classList.add("invalid");
  input.setAttribute("aria-invalid", "true");
  const ids = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
  input.setAttribute("aria-describedby", [...ids, id].join(" "));
  input.focus();
}

function renderRun(section, body) {
  const output = section.querySelector(".ex-output");
  const parts = [];
  if (body.verdict) {
    const v = el("p", { class: "ex-verdict" });
    v.append(el("span", { class: "l-zh", lang: "zh" }, body.verdict.zh),
      el("span", { class: "ex-sep l-both", "aria-hidden": "true" }, " · "),
      el("span", { class: "l-en", lang: "en" }, body.verdict.en));
    parts.push(v);
  }
  const p = el("p", { class: "ex-result" });
  const label = el("strong");
  label.append(el("span", { class: "l-en" }, "Result"), el("span", { class: "l-zh", lang: "zh" }, "结果"), ": ");
  p.append(label, el("code", { class: "result" }, JSON.stringify(body.result)));
  parts.push(p);
  const ol = el("ol", { class: "steps" });
  for (const s of body.steps_detail || []) {
    const li = bilingual("li", "", s.zh || s.en, s.en);
    const title = s.cite_title ? (s.cite_title.zh || s.cite_title.en) : s.cites;
    li.append(" ", el("a", { class: "cite", href: s.url || "#", title: s.cites }, title));
    ol.append(li);
  }
  parts.push(ol);
  output.replaceChildren(...parts);
  const heading = section.querySelector(".ex-heading");
  if (heading && body.heading_detail) {
    heading.replaceChildren(el("span", { class: "l-zh", lang: "zh" }, body.heading_detail.zh), " ",
      el("span", { class: "l-en", lang: "en" }, body.heading_detail.en));
  } else if (heading && body.heading) {
    heading.textContent = body.heading;
  }
  const code = section.querySelector(".ex-code pre.code code");
  if (code && body.code) code.textContent = body.code;
  const last = section.querySelector("input[name=_last]");
  if (last) last.value = JSON.stringify(body.params);
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  output.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
  output.focus({ preventScroll: true });
}

function enhanceExampleForms() {
  for (const form of document.querySelectorAll("form.run")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const section = form.closest(".example");
      const params = {};
      for (const [k, v] of new FormData(form).entries()) if (k !== "_last") params[k] = v;
      const button = form.querySelector("button[type=submit]");
      button.disabled = true;
      clearFieldErrors(form);
      try {
        const resp = await fetch(`/api/examples/${section.dataset.example}/run`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ params }),
        });
        const body = await resp.json();
        if (body.ok) renderRun(section, body);
        else showFieldError(form, body.error);
      } catch (err) {
        showFieldError(form, { message: `Could not run: ${err}`, message_zh: `无法运行：${err}` });
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
