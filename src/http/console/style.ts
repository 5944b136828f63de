// The console's one stylesheet, served by hookgate itself (no CDN, no framework): readable tables,
// visible focus, colours that keep their contrast, status also said in words.
export const CONSOLE_CSS = `
:root { color-scheme: light dark; --fg: #1d1f21; --bg: #fff; --muted: #555; --line: #d0d4d8;
  --accent: #0b57d0; --bad: #a4161a; --good: #1b6e20; --warn: #8a5300; --code-bg: #f3f4f6; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e6e6; --bg: #16181b; --muted: #a8adb3;
  --line: #3a3f45; --accent: #8ab4f8; --bad: #ff8a80; --good: #81c995; --warn: #fdd663; --code-bg: #23262b; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
a:focus, button:focus, input:focus, select:focus, textarea:focus { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; } .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; padding: .6rem 1.2rem; border-bottom: 1px solid var(--line); }
header .brand { font-weight: 700; margin-right: 1rem; }
nav ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
nav a[aria-current="page"] { font-weight: 700; text-decoration: none; border-bottom: 3px solid var(--accent); }
header form { margin-left: auto; }
main { padding: 1rem 1.2rem 3rem; max-width: 80rem; }
h1 { font-size: 1.4rem; margin: .4rem 0 1rem; } h2 { font-size: 1.1rem; margin: 1.6rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
caption { text-align: left; color: var(--muted); padding: .3rem 0; }
th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
pre, code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--code-bg); }
pre { padding: .7rem; overflow: auto; white-space: pre-wrap; word-break: break-word; max-height: 40rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; word-break: break-word; }
.bad { color: var(--bad); } .good { color: var(--good); } .warn { color: var(--warn); } .muted { color: var(--muted); }
form.filters { display: flex; flex-wrap: wrap; gap: .8rem; align-items: end; }
label { display: block; font-weight: 600; margin: .6rem 0 .2rem; }
input, select, textarea { font: inherit; padding: .35rem .5rem; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--fg); }
textarea { width: 100%; font-family: ui-monospace, monospace; font-size: 13px; }
button { font: inherit; padding: .4rem .9rem; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: var(--bg); cursor: pointer; }
form.inline { display: inline; margin: 0; }
button.link { background: none; color: var(--accent); border: none; padding: 0; text-decoration: underline; }
.notice { border-left: 4px solid var(--warn); padding: .4rem .8rem; background: var(--code-bg); }
.error { border-left: 4px solid var(--bad); padding: .4rem .8rem; background: var(--code-bg); }
.login { max-width: 24rem; margin: 4rem auto; }
`;
