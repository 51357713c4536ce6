import fs from "node:fs";
import path from "node:path";

type Journaled = { id: string };
type Entry<T> = { put: T } | { del: string };

/**
 * One collection of records, kept in memory and journaled to `<dir>/<name>.jsonl`
 * (one line per put or delete). On open the journal is replayed, then compacted
 * when it has grown well past the live records. `dir === null` keeps it in memory.
 */
export class Collection<T extends Journaled> {
  private readonly rows = new Map<string, T>();
  private readonly file: string | null;
  private lines = 0;

  constructor(dir: string | null, readonly name: string) {
    this.file = dir ? path.join(dir, `${name}.jsonl`) : null;
    if (this.file && fs.existsSync(this.file)) {
      const text = fs.readFileSync(this.file, "utf8");
      for (const line of text.split("\n")) {
        if (!line) continue;
        this.lines += 1;
        let entry: Entry<T>;
        try {
          entry = JSON.parse(line) as Entry<T>;
        } catch {
          continue; // a torn last line after a crash
        }
        if ("put" in entry) this.rows.set(entry.put.id, entry.put);
        else this.rows.delete(entry.del);
      }
      if (this.lines > 1000 && this.lines > this.rows.size * 2) this.compact();
    }
  }

  get size(): number {
    return this.rows.size;
  }

  get(id: string): T | undefined {
    return this.rows.get(id);
  }

  has(id: string): boolean {
    return this.rows.has(id);
  }

  values(): IterableIterator<T> {
    return this.rows.values();
  }

  all(): T[] {
    return [...this.rows.values()];
  }

  find(predicate: (row: T) => boolean): T | undefined {
    for (const row of this.rows.values()) if (predicate(row)) return row;
    return undefined;
  }

  put(row: T): T {
    this.rows.set(row.id, row);
    this.append({ put: row });
    return row;
  }

  delete(id: string): void {
    if (!this.rows.delete(id)) return;
    this.append({ del: id });
  }

  clear(): void {
    this.rows.clear();
    if (this.file) fs.writeFileSync(this.file, "");
    this.lines = 0;
  }

  private append(entry: Entry<T>): void {
    if (!this.file) return;
    fs.appendFileSync(this.file, JSON.stringify(entry) + "\n");
    this.lines += 1;
  }

  private compact(): void {
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    const body = [...this.rows.values()].map((row) => JSON.stringify({ put: row })).join("\n");
    fs.writeFileSync(tmp, body ? body + "\n" : "");
    fs.renameSync(tmp, this.file);
    this.lines = this.rows.size;
  }
}

/** The sandbox's persistent state: a folder of journals, or memory only for `:memory:`. */
export class Store {
  private readonly dir: string | null;
  private readonly collections = new Map<string, Collection<Journaled>>();

  constructor(dataDir: string) {
    this.dir = dataDir === ":memory:" ? null : path.resolve(dataDir);
    if (this.dir) fs.mkdirSync(this.dir, { recursive: true });
  }

  get persistent(): boolean {
    return this.dir !== null;
  }

  collection<T extends Journaled>(name: string): Collection<T> {
    let c = this.collections.get(name);
    if (!c) {
      c = new Collection<Journaled>(this.dir, name);
      this.collections.set(name, c);
    }
    return c as unknown as Collection<T>;
  }

  clearAll(): void {
    for (const c of this.collections.values()) c.clear();
  }
}
