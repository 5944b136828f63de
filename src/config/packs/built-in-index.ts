// Generated from rules/presets/ by `npm run gen:packs`. Do not edit by hand.
// What the catalogue knows of each built-in pack without reading its file (config/packs/catalog.ts).
import type { BuiltInPack } from "./types.js";

export const BUILT_IN_PACKS: readonly BuiltInPack[] = [
  {
    file: "alertmanager.yaml",
    id: "alertmanager",
    version: "1.0.0",
    aliases: ["prometheus"],
    description:
      "Firing alert groups from Prometheus Alertmanager become one wake per notification (optionally an agent run for chosen severities); resolved groups a wake for the next heartbeat.",
  },
  {
    file: "cloudevents.yaml",
    id: "cloudevents",
    version: "1.0.0",
    aliases: ["knative", "eventarc", "eventgrid"],
    description:
      "Every CloudEvent whose type is listed in types (all types when empty) starts an agent run in a session per subject (else per source); types in ignoreTypes, and everything else, answer 204.",
  },
  {
    file: "discord.yaml",
    id: "discord",
    version: "1.0.0",
    aliases: [],
    description:
      "Discord slash commands (interactions endpoint) start an agent run in a session per channel; the PING check is answered; buttons, autocomplete and modals are ignored.",
  },
  {
    file: "github.yaml",
    id: "github",
    version: "1.0.0",
    aliases: ["gh"],
    description:
      "Opened pull requests and issues become agent runs with a session per pull request or issue; a failed workflow run becomes an agent run in a session per workflow and branch. Pings and every other event are acknowledged with 204 and nothing else.",
  },
  {
    file: "gitlab.yaml",
    id: "gitlab",
    version: "1.0.0",
    aliases: [],
    description:
      "Opened merge requests and issues become agent runs with a session per merge request or issue; a failed pipeline becomes an agent run in a session per project and ref. Every other event is acknowledged with 204 and nothing else.",
  },
  {
    file: "grafana.yaml",
    id: "grafana",
    version: "1.0.0",
    aliases: [],
    description:
      "Firing notifications of Grafana Alerting become one wake per notification (optionally an agent run for chosen severities); resolved ones a wake for the next heartbeat.",
  },
  {
    file: "linear.yaml",
    id: "linear",
    version: "1.0.0",
    aliases: [],
    description:
      "New issues and new comments by people become agent runs in a session per issue (a comment continues its issue's session). Updates, removals, comments written by apps and every other model are acknowledged with 204 and nothing else.",
  },
  {
    file: "mail.yaml",
    id: "mail",
    version: "1.0.0",
    aliases: ["gmail"],
    description:
      "New mail posted to /hooks/mail or /hooks/gmail as { messages: [ { id, from, subject, snippet, body } ] } starts one agent run per message, in a session per message id (hook:mail:<id>, or hook:gmail:<id> on the gmail path). A payload without messages answers 204; a mail without an id gets a session of its own.",
  },
  {
    file: "pagerduty.yaml",
    id: "pagerduty",
    version: "1.0.0",
    aliases: ["pd"],
    description:
      "Triggered and escalated PagerDuty incidents (v3 webhooks) start an agent run in a session per incident; resolved incidents are noted for the next heartbeat; other events are ignored.",
  },
  {
    file: "sentry.yaml",
    id: "sentry",
    version: "1.0.0",
    aliases: [],
    description:
      "Issue alerts (event_alert), newly created issues and critical metric alerts become agent runs, in a session per Sentry issue (alerts and the issue's creation share it) or per metric alert rule. Every other resource and action is acknowledged with 204 and nothing else.",
  },
  {
    file: "shopify.yaml",
    id: "shopify",
    version: "1.0.0",
    aliases: [],
    description:
      "New and cancelled Shopify orders and refunds start agent runs in a session per order; paid orders are noted for the next heartbeat; other topics are ignored.",
  },
  {
    file: "slack.yaml",
    id: "slack",
    version: "1.0.0",
    aliases: [],
    description:
      "Mentions of the app and direct messages to it (Events API) become agent runs with a session per channel thread or direct-message conversation; slash commands become agent runs with a session per channel. Slack's url_verification is answered; every other event is acknowledged with 204.",
  },
  {
    file: "standard-webhooks.yaml",
    id: "standard-webhooks",
    version: "1.0.0",
    aliases: ["svix", "clerk", "resend", "openai"],
    description:
      "Any event of a Standard Webhooks sender (Svix, Clerk, Resend, OpenAI, ...) starts an agent run in a session per object; a types filter narrows it, everything else is ignored.",
  },
  {
    file: "stripe.yaml",
    id: "stripe",
    version: "1.0.0",
    aliases: [],
    description:
      "Failed payments (payment_intent.payment_failed, invoice.payment_failed) and new disputes (charge.dispute.created) become agent runs with a session per payment, invoice or dispute. Every other event type is acknowledged with 204 and nothing else.",
  },
  {
    file: "whatsapp.yaml",
    id: "whatsapp",
    version: "1.0.0",
    aliases: ["whatsapp-cloud"],
    description:
      "Incoming WhatsApp Cloud API messages start one agent run per message in a session per sender; the callback check is answered; delivery and read receipts are ignored.",
  },
  {
    file: "zoom.yaml",
    id: "zoom",
    version: "1.0.0",
    aliases: [],
    description:
      "Finished Zoom cloud recordings and transcripts start an agent run in a session per meeting; ended meetings are noted for the next heartbeat; the endpoint validation is answered; the rest is ignored.",
  },
];
