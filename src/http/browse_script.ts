// The browse pages' one script, served by the service (the route `browse_script`): it only makes
// better what works without it. As the search is typed, the page's own results for the new URL
// are fetched (debounced, the previous request cancelled) and swapped in, so results are rendered
// in one place, on the server; the URL follows, with the API's parameter names, each burst of
// typing one step of history. Blocks of code get a copy button.

/** The script. */
export const SCRIPT = `"use strict";
(() => {
  const form = document.querySelector("form[role=search]");
  let pending = null;
  let timer = 0;
  let typed = 0;
  const search = () => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (value !== "") params.set(name, value);
    const url = "/?" + params.toString();
    pending?.abort();
    pending = new AbortController();
    fetch(url, { headers: { Accept: "text/html" }, signal: pending.signal })
      .then((response) => response.text())
      .then((html) => {
        const next = new DOMParser().parseFromString(html, "text/html");
        const fresh = next.querySelector("#results")?.closest("section");
        const current = document.querySelector("#results")?.closest("section");
        if (current && fresh) current.replaceWith(fresh);
        else if (fresh) form.closest("search").after(fresh);
        else current?.remove();
        // A burst of typing is one step of history: Back returns to what was there before it.
        const now = Date.now();
        if (now - typed > 1500) history.pushState(null, "", url);
        else history.replaceState(null, "", url);
        typed = now;
      })
      .catch((error) => {
        if (error.name !== "AbortError") throw error;
      });
  };
  // A step back or forth shows that URL's page, rendered by the server as any visit is.
  window.addEventListener("popstate", () => location.reload());
  if (form) {
    form.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(search, 250);
    });
  }
  for (const block of document.querySelectorAll("pre > code")) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Copy";
    button.className = "copy";
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(block.textContent).then(
        () => (button.textContent = "Copied"),
        () => (button.textContent = "Not allowed: select the text to copy it"),
      ).then(() => setTimeout(() => (button.textContent = "Copy"), 1500));
    });
    block.parentElement.before(button);
  }
})();
`;
