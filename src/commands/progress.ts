// A progress line for long command-line work (replaying thousands of requests): redrawn in place on a
// terminal at most a few times a second, silent when the output is a file or a pipe.

/** Redraws at most this often. */
const EVERY_MS = 200;

export class Progress {
  private last = 0;
  private drawn = false;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly what: string,
    private readonly total: number,
  ) {}

  update(done: number): void {
    if (!this.out.isTTY) return;
    const t = Date.now();
    if (t - this.last < EVERY_MS && done < this.total) return;
    this.last = t;
    const pct = this.total === 0 ? 100 : Math.floor((done / this.total) * 100);
    this.out.write(`\r\x1b[2K${this.what} ${done}/${this.total} (${pct}%)`);
    this.drawn = true;
  }

  /** Clears the line, so that what is printed next starts clean. */
  done(): void {
    if (this.drawn) this.out.write("\r\x1b[2K");
    this.drawn = false;
  }
}
