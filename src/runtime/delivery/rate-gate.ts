// Per channel, the time before which nothing may be sent. When a service answers "wait N seconds",
// every send to that channel waits, not only the one that was told: a second reply going out at once
// would break the same limit (Slack may disable an app that keeps sending; Telegram extends the ban).
export class RateGate {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** Nothing goes to `channel` before `at` (epoch ms); an earlier time never shortens a longer wait. */
  block(channel: string, at: number): void {
    if (at > (this.until.get(channel) ?? 0)) this.until.set(channel, at);
  }

  /** Resolves once `channel` may be sent to. */
  async pass(channel: string): Promise<void> {
    for (;;) {
      const target = this.until.get(channel) ?? 0;
      const wait = target - this.now();
      if (wait <= 0) return;
      await this.sleep(wait);
      // Waited the whole time unless another answer moved the end further meanwhile.
      if (this.until.get(channel) === target) return;
    }
  }
}
