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

// Citation: copy as plain text or Markdown.
function enhanceCitation() {
  for (const [id, label] of [["citation-text", "Copy citation 复制引用"], ["citation-md", "Copy as Markdown 复制 Markdown"]]) {
    const pre = document.getElementById(id);
    if (!pre) continue;
    const button = el("button", { type: "button", class: "copy", "data-copy": id }, label);
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(pre.textContent.trim());
        button.textContent = "Copied 已复制";
      } catch {
        const range = document.createRange();
        range.selectNodeContents(pre);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        button.textContent = "Selected: press Ctrl+C 已选中";
      }
    });
    document.getElementById("citation-text").parentNode.insertBefore(button, document.querySelector(".permalink"));
  }
}

// Search page: results as you type (the form still works without this), suggestions.
function enhanceSearch() {
  const form = document.querySelector("form.search[role=search]");
  const input = document.getElementById("q");
  if (!form || !input || form.getAttribute("action") !== "/") return;
  const list = el("datalist", { id: "q-suggestions" });
  form.append(list);
  input.setAttribute("list", "q-suggestions");
  let timer = null;
  let seq = 0;
  const run = async () => {
    const q = input.value.trim();
    const mine = ++seq;
    const params = new URLSearchParams(new FormData(form));
    if (q.length >= 1) {
      fetch(`/api/suggest?q=${encodeURIComponent(q)}`).then((r) => r.json()).then((body) => {
        if (mine !== seq) return;
        list.replaceChildren(...body.suggestions.map((s) => el("option", { value: s.text })));
      }).catch(() => {});
    }
    if (!q) return;
    const resp = await fetch(`/api/search?${params}&limit=10`);
    if (!resp.ok || mine !== seq) return;
    const body = await resp.json();
    renderLive(body, params);
    history.replaceState(null, "", `/?${params}`);
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, 250);
  });
}

function renderLive(body, params) {
  let section = document.querySelector("section.results");
  if (!section) {
    section = el("section", { class: "results", "aria-labelledby": "results-h" });
    const intro = document.querySelector("section.intro");
    if (intro) intro.replaceWith(section); else document.getElementById("main").append(section);
  }
  const answer = document.querySelector("section.answer");
  if (answer) answer.remove();  // the answer card belongs to the submitted question
  const h = el("h2", { id: "results-h" }, `${body.total} result${body.total === 1 ? "" : "s"} for “${body.query}”`);
  const ol = el("ol", { class: "hits" });
  for (const hit of body.results) {
    const li = el("li", { class: "hit" });
    li.append(el("a", { class: "hit-title", href: hit.url }, hit.title), " ",
      el("span", { class: "badge game" }, hit.game), " ",
      el("span", { class: "badge type" }, hit.type), " ",
      el("code", { class: "id" }, hit.id));
    const snippet = el("p", { class: "snippet" });
    snippet.innerHTML = hit.snippet;  // server-escaped text with <mark> only
    li.append(snippet);
    ol.append(li);
  }
  const notices = (body.notices || []).map((n) => el("p", { class: "notice" }, n));
  section.replaceChildren(h, ...notices, ol);
}

document.addEventListener("DOMContentLoaded", () => {
  enhanceExampleForms();
  enhanceCitation();
  enhanceSearch();
});
