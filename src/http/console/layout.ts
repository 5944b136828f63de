// The frame of every console page: skip link, header with the navigation and logout, main content.

import { Html, html } from "./html.js";
import type { ConsoleSession } from "./session.js";

export type Section = "requests" | "runs" | "mappings" | "issues" | "events" | "playground";

const NAV: [Section, string, string][] = [
  ["requests", "Requests", "/console"],
  ["runs", "Runs", "/console/runs"],
  ["mappings", "Mappings", "/console/mappings"],
  ["issues", "Issues", "/console/issues"],
  ["events", "Main session", "/console/events"],
  ["playground", "Playground", "/console/playground"],
];

export function page(
  title: string,
  body: Html,
  opts: { section?: Section; session?: ConsoleSession } = {},
): string {
  const nav = opts.session
    ? html`<nav aria-label="Console"><ul>${NAV.map(
        ([id, label, href]) =>
          html`<li><a href="${href}"${opts.section === id ? new Html(' aria-current="page"') : ""}>${label}</a></li>`,
      )}</ul></nav>
      <form method="post" action="/console/logout"><input type="hidden" name="csrf" value="${opts.session.csrf}">
      <button class="link" type="submit">Log out</button></form>`
    : "";
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} · hookgate console</title>
<link rel="stylesheet" href="/console/style.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><span class="brand">hookgate</span>${nav}</header>
<main id="main">
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.text;
}
