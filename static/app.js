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
