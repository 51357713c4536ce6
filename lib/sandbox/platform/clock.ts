/**
 * The virtual clock: real time plus an offset the control plane can only move forward.
 * Every lifetime, deadline and rate-limit window reads it; source latency does not.
 */
export class VirtualClock {
  private offsetMs: number;
  private readonly onChange: (offsetMs: number) => void;

  constructor(offsetMs = 0, onChange: (offsetMs: number) => void = () => {}) {
    this.offsetMs = offsetMs;
    this.onChange = onChange;
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  iso(): string {
    return this.date().toISOString();
  }

  /** Today's calendar date (UTC) as YYYY-MM-DD. */
  today(): string {
    return this.iso().slice(0, 10);
  }

  get offset(): number {
    return this.offsetMs;
  }

  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000);
    this.onChange(this.offsetMs);
  }

  reset(): void {
    this.offsetMs = 0;
    this.onChange(0);
  }
}
