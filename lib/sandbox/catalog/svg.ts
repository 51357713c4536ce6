import { Rng, hash32 } from "../platform/random";
import type { Scene } from "./facts";

/*
 * Illustrations the sandbox serves itself (it has no internet): flat, layered vector scenes drawn
 * from a seed string, so one URL always yields the same picture. 1200 x 800, caption band at the bottom.
 */

const W = 1200;
const H = 800;

export type Picture = { scene: Scene; detail: string; seed: string; title: string; caption: string | null };

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);
const r1 = (n: number) => Math.round(n * 10) / 10;
// Comma syntax and hsla(): understood by every SVG renderer, not only current browsers.
const hsl = (h: number, s: number, l: number, a = 1) =>
  a === 1 ? `hsl(${Math.round(h) % 360}, ${Math.round(s)}%, ${Math.round(l)}%)` : `hsla(${Math.round(h) % 360}, ${Math.round(s)}%, ${Math.round(l)}%, ${a})`;

type Time = "day" | "golden" | "dusk" | "night";
type Palette = { time: Time; sky: [string, string, string]; sun: string; land: string; far: string; near: string; glass: string; lit: number };

const PALETTES: Record<Time, Palette> = {
  day: { time: "day", sky: ["#3d7fc8", "#8fc3ea", "#dcefff"], sun: "#fff6c8", land: "#7fae6a", far: "#9bb7d0", near: "#5d7d99", glass: "#a9d3f2", lit: 0 },
  golden: { time: "golden", sky: ["#f08a4b", "#f7b977", "#ffe7b8"], sun: "#fff3cf", land: "#b59a5e", far: "#d9a27f", near: "#8a5e52", glass: "#ffd9a0", lit: 0.15 },
  dusk: { time: "dusk", sky: ["#2a1b4d", "#8e4a79", "#f59d76"], sun: "#ffd39a", land: "#4b3f5e", far: "#6e5480", near: "#3a2c4f", glass: "#f7b98a", lit: 0.5 },
  night: { time: "night", sky: ["#070d24", "#16244e", "#2f4a7d"], sun: "#f4f6ff", land: "#1d2a3f", far: "#253659", near: "#141d33", glass: "#ffd27a", lit: 0.7 },
};

/** A small drawing kit bound to one picture's randomness and definitions. */
class Canvas {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  private ids = 0;
  constructor(readonly rng: Rng) {}

  add(...parts: string[]): void {
    this.body.push(...parts);
  }
  linear(stops: string[], vertical = true): string {
    const id = `g${this.ids++}`;
    const s = stops.map((c, i) => `<stop offset="${r1((i / Math.max(1, stops.length - 1)) * 100)}%" stop-color="${c}"/>`).join("");
    this.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${s}</linearGradient>`);
    return `url(#${id})`;
  }
  radial(color: string, opacity = 0.8): string {
    const id = `g${this.ids++}`;
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0%" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    return `url(#${id})`;
  }
  between(a: number, b: number): number {
    return a + this.rng.next() * (b - a);
  }

  sky(p: Palette, horizon: number): void {
    this.add(`<rect width="${W}" height="${horizon + 40}" fill="${this.linear(p.sky)}"/>`);
    const x = this.between(180, 1020);
    const y = this.between(110, horizon * 0.55);
    if (p.time === "night") {
      for (let i = 0; i < 70; i++) {
        this.add(`<circle cx="${r1(this.between(0, W))}" cy="${r1(this.between(0, horizon * 0.8))}" r="${r1(this.between(0.6, 2))}" fill="#fff" opacity="${r1(this.between(0.3, 0.9))}"/>`);
      }
      this.add(`<circle cx="${r1(x)}" cy="${r1(y)}" r="120" fill="${this.radial("#cfd8ff", 0.35)}"/>`, `<circle cx="${r1(x)}" cy="${r1(y)}" r="34" fill="${p.sun}"/>`, `<circle cx="${r1(x + 13)}" cy="${r1(y - 8)}" r="30" fill="${p.sky[1]}" opacity="0.9"/>`);
    } else {
      this.add(`<circle cx="${r1(x)}" cy="${r1(y)}" r="220" fill="${this.radial(p.sun, 0.7)}"/>`, `<circle cx="${r1(x)}" cy="${r1(y)}" r="${p.time === "day" ? 46 : 60}" fill="${p.sun}"/>`);
    }
    for (let i = 0, n = this.rng.int(2, 5); i < n; i++) this.cloud(this.between(-50, W), this.between(60, horizon * 0.6), this.between(0.6, 1.4), p.time === "night" ? 0.12 : 0.55);
  }
  cloud(x: number, y: number, s: number, opacity: number): void {
    const parts = [[0, 0, 60], [55, -22, 48], [105, 0, 55], [50, 14, 58]]
      .map(([dx, dy, rx]) => `<ellipse cx="${r1(x + dx! * s)}" cy="${r1(y + dy! * s)}" rx="${r1(rx! * s)}" ry="${r1(rx! * s * 0.55)}"/>`)
      .join("");
    this.add(`<g fill="#fff" opacity="${opacity}">${parts}</g>`);
  }
  hills(base: number, amp: number, fill: string, opacity = 1): void {
    let d = `M0 ${H} L0 ${r1(base - this.between(0, amp))}`;
    for (let x = 0; x < W; x += 300) {
      d += ` Q${r1(x + 150)} ${r1(base - this.between(amp * 0.4, amp * 1.6))} ${x + 300} ${r1(base - this.between(0, amp))}`;
    }
    this.add(`<path d="${d} L${W} ${H} Z" fill="${fill}" opacity="${opacity}"/>`);
  }
  mountains(base: number, height: number, fill: string, snow: boolean): void {
    let x = -100;
    while (x < W + 100) {
      const w = this.between(260, 460);
      const peak = base - this.between(height * 0.6, height);
      const px = x + w / 2 + this.between(-40, 40);
      this.add(`<path d="M${r1(x)} ${base} L${r1(px)} ${r1(peak)} L${r1(x + w)} ${base} Z" fill="${fill}"/>`);
      if (snow) {
        const k = 0.28;
        this.add(`<path d="M${r1(px - (px - x) * k)} ${r1(peak + (base - peak) * k)} L${r1(px)} ${r1(peak)} L${r1(px + (x + w - px) * k)} ${r1(peak + (base - peak) * k)} L${r1(px + 8)} ${r1(peak + (base - peak) * k * 0.7)} L${r1(px - 10)} ${r1(peak + (base - peak) * k)} Z" fill="#f4f7fb"/>`);
      }
      x += w * this.between(0.5, 0.8);
    }
  }
  skyline(base: number, minH: number, maxH: number, fill: string, lit: number, windowColor: string): void {
    let x = -20;
    while (x < W + 20) {
      const w = this.between(45, 120);
      const h = this.between(minH, maxH);
      const top = base - h;
      this.add(`<rect x="${r1(x)}" y="${r1(top)}" width="${r1(w)}" height="${r1(h + 2)}" fill="${fill}"/>`);
      const roof = this.rng.next();
      if (roof < 0.15) this.add(`<rect x="${r1(x + w / 2 - 2)}" y="${r1(top - 40)}" width="4" height="40" fill="${fill}"/>`);
      else if (roof < 0.25) this.add(`<path d="M${r1(x)} ${r1(top)} L${r1(x + w / 2)} ${r1(top - w * 0.45)} L${r1(x + w)} ${r1(top)} Z" fill="${fill}"/>`);
      else if (roof < 0.32) this.add(`<ellipse cx="${r1(x + w / 2)}" cy="${r1(top)}" rx="${r1(w * 0.4)}" ry="${r1(w * 0.35)}" fill="${fill}"/>`);
      if (lit > 0) {
        for (let wy = top + 12; wy < base - 14; wy += 18) {
          for (let wx = x + 8; wx < x + w - 10; wx += 16) {
            if (this.rng.chance(lit * 0.5)) this.add(`<rect x="${r1(wx)}" y="${r1(wy)}" width="7" height="9" fill="${windowColor}" opacity="0.85"/>`);
          }
        }
      }
      x += w + this.between(-10, 6);
    }
  }
  water(top: number, colors: [string, string], bottom = H): void {
    this.add(`<rect y="${r1(top)}" width="${W}" height="${r1(bottom - top)}" fill="${this.linear(colors)}"/>`);
    for (let i = 0; i < 40; i++) {
      const y = this.between(top + 8, bottom - 8);
      const x = this.between(0, W);
      const len = this.between(20, 90) * (0.4 + (y - top) / (bottom - top));
      this.add(`<path d="M${r1(x)} ${r1(y)} h${r1(len)}" stroke="#fff" stroke-opacity="${r1(this.between(0.15, 0.4))}" stroke-width="2" stroke-linecap="round"/>`);
    }
  }
  palm(x: number, base: number, s: number, color: string): void {
    const lean = this.between(-40, 40) * s;
    const topX = x + lean;
    const topY = base - 260 * s;
    this.add(`<path d="M${r1(x)} ${base} Q${r1(x + lean * 0.2)} ${r1(base - 130 * s)} ${r1(topX)} ${r1(topY)}" stroke="${color}" stroke-width="${r1(14 * s)}" fill="none" stroke-linecap="round"/>`);
    for (const a of [-160, -120, -60, -20, 20, 200]) {
      const rad = (a * Math.PI) / 180;
      const ex = topX + Math.cos(rad) * 120 * s;
      const ey = topY + Math.sin(rad) * 60 * s + 50 * s;
      this.add(`<path d="M${r1(topX)} ${r1(topY)} Q${r1((topX + ex) / 2)} ${r1(topY - 40 * s)} ${r1(ex)} ${r1(ey)} Q${r1((topX + ex) / 2)} ${r1(topY - 10 * s)} ${r1(topX)} ${r1(topY)} Z" fill="${color}"/>`);
    }
  }
  tree(x: number, base: number, s: number, leaf: string): void {
    this.add(`<rect x="${r1(x - 6 * s)}" y="${r1(base - 60 * s)}" width="${r1(12 * s)}" height="${r1(60 * s)}" fill="#5b4332"/>`);
    for (const [dx, dy, r] of [[0, -110, 55], [-35, -80, 40], [35, -78, 42]]) {
      this.add(`<circle cx="${r1(x + dx! * s)}" cy="${r1(base + dy! * s)}" r="${r1(r! * s)}" fill="${leaf}"/>`);
    }
  }
  pine(x: number, base: number, s: number, fill: string): void {
    this.add(`<path d="M${r1(x)} ${r1(base - 120 * s)} L${r1(x + 34 * s)} ${base} L${r1(x - 34 * s)} ${base} Z" fill="${fill}"/>`);
  }
  plant(x: number, base: number, s: number): void {
    this.add(`<path d="M${r1(x - 22 * s)} ${r1(base - 50 * s)} h${r1(44 * s)} l-6 ${r1(50 * s)} h${r1(-32 * s)} Z" fill="#c8a27a"/>`);
    for (const a of [-70, -40, -10, 20, 50]) {
      const rad = ((a - 90) * Math.PI) / 180;
      this.add(`<ellipse cx="${r1(x + Math.cos(rad) * 40 * s)}" cy="${r1(base - 50 * s + Math.sin(rad) * 55 * s)}" rx="${r1(12 * s)}" ry="${r1(38 * s)}" transform="rotate(${a} ${r1(x + Math.cos(rad) * 40 * s)} ${r1(base - 50 * s + Math.sin(rad) * 55 * s)})" fill="#4f8a5b"/>`);
    }
  }
  lamp(x: number, y: number, drop: number, color: string): void {
    this.add(
      `<path d="M${r1(x)} 0 V${r1(y + drop - 20)}" stroke="#2b2b2b" stroke-width="2"/>`,
      `<circle cx="${r1(x)}" cy="${r1(y + drop + 30)}" r="110" fill="${this.radial(color, 0.45)}"/>`,
      `<path d="M${r1(x - 30)} ${r1(y + drop + 10)} Q${r1(x)} ${r1(y + drop - 32)} ${r1(x + 30)} ${r1(y + drop + 10)} Z" fill="${color}"/>`,
    );
  }
  /** Floor and back wall of an interior; returns the floor line. */
  interior(wall: [string, string], floor: [string, string], floorY: number): number {
    this.add(`<rect width="${W}" height="${floorY}" fill="${this.linear(wall)}"/>`, `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${this.linear(floor)}"/>`);
    this.add(`<rect y="${floorY - 6}" width="${W}" height="6" fill="#000" opacity="0.08"/>`);
    return floorY;
  }
  /** A window onto the outside, with its own small sky and skyline. */
  window(x: number, y: number, w: number, h: number, p: Palette): void {
    this.add(`<rect x="${r1(x - 10)}" y="${r1(y - 10)}" width="${r1(w + 20)}" height="${r1(h + 20)}" fill="#f4efe7"/>`);
    this.add(`<svg x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">`);
    const horizon = 560;
    this.add(`<rect width="${W}" height="${H}" fill="${this.linear(p.sky)}"/>`);
    this.skyline(horizon, 120, 380, p.far, p.lit, p.glass);
    this.skyline(horizon + 140, 60, 260, p.near, p.lit, p.glass);
    this.add(`<rect y="${horizon + 140}" width="${W}" height="${H}" fill="${p.near}"/>`, `</svg>`);
    this.add(`<path d="M${r1(x + w / 2)} ${r1(y)} V${r1(y + h)} M${r1(x)} ${r1(y + h * 0.45)} H${r1(x + w)}" stroke="#f4efe7" stroke-width="8"/>`);
  }
}

function paletteFor(rng: Rng): Palette {
  const r = rng.next();
  return PALETTES[r < 0.5 ? "day" : r < 0.72 ? "golden" : r < 0.87 ? "dusk" : "night"];
}

const warmWall = (rng: Rng): [string, string] => {
  const h = rng.int(20, 45);
  return [hsl(h, 30, 88), hsl(h, 25, 76)];
};
const woodFloor: [string, string] = ["#a9825e", "#7a5a3e"];

function exterior(c: Canvas, p: Palette, hue: number, detail: string): void {
  const ground = 640;
  c.sky(p, ground);
  c.skyline(ground - 40, 80, 260, p.far, p.lit, p.glass);
  const w = c.between(460, 640);
  const h = c.between(360, 500);
  const x = (W - w) / 2 + c.between(-140, 140);
  const top = ground - h;
  const lit = p.time === "night" || p.time === "dusk";
  const facade = lit ? hsl(hue, 18, 34) : hsl(hue, 28, 80);
  c.add(`<rect x="${r1(x)}" y="${r1(top)}" width="${r1(w)}" height="${r1(h)}" fill="${facade}"/>`);
  c.add(`<rect x="${r1(x - 12)}" y="${r1(top - 18)}" width="${r1(w + 24)}" height="22" fill="${hsl(hue, 20, lit ? 22 : 62)}"/>`);
  c.add(`<rect x="${r1(x + w / 2 - 110)}" y="${r1(top - 64)}" width="220" height="40" rx="6" fill="${hsl(hue + 180, 45, lit ? 70 : 38)}"/>`);
  const cols = Math.floor((w - 40) / 62);
  const rows = Math.floor((h - 150) / 72);
  const glass = c.linear([p.glass, lit ? hsl(40, 80, 60) : "#e9f4fb"]);
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const wx = x + 20 + k * ((w - 40) / cols) + 12;
      const wy = top + 30 + r * 72;
      const on = lit ? c.rng.chance(0.6) : true;
      c.add(`<rect x="${r1(wx)}" y="${r1(wy)}" width="34" height="46" rx="3" fill="${on ? glass : hsl(hue, 15, 20)}"/>`);
      if (!lit && k % 2 === r % 2) c.add(`<rect x="${r1(wx - 4)}" y="${r1(wy + 44)}" width="42" height="5" fill="${hsl(hue, 20, 60)}"/>`);
    }
  }
  c.add(`<rect x="${r1(x + w / 2 - 50)}" y="${ground - 96}" width="100" height="96" fill="${lit ? "#ffd98a" : "#3f4b57"}"/>`);
  c.add(`<path d="M${r1(x + w / 2 - 130)} ${ground - 110} h260 l-24 26 h-212 Z" fill="${hsl(hue + 180, 50, 40)}"/>`);
  c.add(`<rect y="${ground}" width="${W}" height="${H - ground}" fill="${lit ? "#2d2f3a" : "#b9b2a6"}"/>`, `<rect y="${ground + 40}" width="${W}" height="${H - ground - 40}" fill="${lit ? "#23252e" : "#8d877d"}"/>`);
  const coastal = detail === "coastal" || c.rng.chance(0.3);
  for (const tx of [x - 90, x + w + 90]) {
    if (coastal) c.palm(tx, ground + 10, c.between(0.8, 1.1), lit ? "#1c2b22" : "#2f6b45");
    else c.tree(tx, ground + 10, c.between(0.9, 1.3), lit ? "#1f3326" : "#4f8a5b");
  }
}

function pool(c: Canvas, p: Palette, hue: number, indoor: boolean): void {
  const deck = 430;
  if (indoor) {
    c.interior(["#e9e4da", "#d6cec1"], ["#d8d2c6", "#bfb7a8"], deck);
    for (let i = 0; i < 3; i++) c.window(120 + i * 340, 90, 280, 250, p);
  } else {
    c.sky(p, deck);
    c.hills(deck, 60, p.far, 0.8);
    c.add(`<rect y="${deck}" width="${W}" height="${H - deck}" fill="${c.linear(["#efe3cc", "#d9c6a3"])}"/>`);
  }
  c.add(`<path d="M260 ${deck + 50} H940 L1120 ${H - 40} H80 Z" fill="#f6f1e7"/>`);
  c.add(`<path d="M290 ${deck + 66} H910 L1070 ${H - 60} H130 Z" fill="${c.linear(["#58c7d8", "#1f8fb3"])}"/>`);
  for (let i = 0; i < 26; i++) {
    const y = c.between(deck + 80, H - 80);
    const x = c.between(260, 900);
    c.add(`<path d="M${r1(x)} ${r1(y)} q20 -8 40 0 t40 0" stroke="#fff" stroke-opacity="0.45" stroke-width="3" fill="none"/>`);
  }
  c.add(`<path d="M880 ${deck + 70} v60 M910 ${deck + 70} v60" stroke="#c9d1d6" stroke-width="6" fill="none"/>`);
  // A row of sunbeds on the strip of deck behind the pool, seen from the side.
  const bed = hsl(hue, 45, indoor ? 55 : 92);
  for (let x = 330; x < 880; x += 130) {
    const y = deck + 34;
    c.add(
      `<path d="M${x} ${y} h96 v9 h-96 Z" fill="${bed}"/>`,
      `<path d="M${x} ${y + 4} l-30 -28 l8 -7 l30 28 Z" fill="${bed}"/>`,
      `<path d="M${x + 8} ${y + 9} v10 M${x + 88} ${y + 9} v10" stroke="#8a8f94" stroke-width="3"/>`,
    );
  }
  if (!indoor) {
    const ux = c.between(960, 1100);
    c.add(`<path d="M${r1(ux)} ${deck + 170} V${deck - 10}" stroke="#6b5a48" stroke-width="6"/>`, `<path d="M${r1(ux - 110)} ${deck} Q${r1(ux)} ${deck - 90} ${r1(ux + 110)} ${deck} Z" fill="${hsl(hue + 180, 60, 55)}"/>`);
    c.palm(c.between(40, 140), deck + 40, 1, "#2f6b45");
    c.palm(c.between(1080, 1180), deck + 60, 1.1, "#2a603e");
  }
}

function bed(c: Canvas, x: number, floor: number, w: number, duvet: string): void {
  c.add(`<rect x="${r1(x)}" y="${r1(floor - 250)}" width="${r1(w)}" height="130" rx="12" fill="#6d4f3a"/>`);
  c.add(`<rect x="${r1(x - 10)}" y="${r1(floor - 130)}" width="${r1(w + 20)}" height="90" rx="10" fill="#f7f4ee"/>`);
  c.add(`<rect x="${r1(x - 14)}" y="${r1(floor - 100)}" width="${r1(w + 28)}" height="80" rx="10" fill="${duvet}"/>`);
  const pillows = w > 260 ? 2 : 1;
  for (let i = 0; i < pillows; i++) {
    const pw = (w - 40) / pillows - 10;
    c.add(`<rect x="${r1(x + 20 + i * (pw + 20))}" y="${r1(floor - 160)}" width="${r1(pw)}" height="48" rx="20" fill="#ffffff"/>`);
  }
  c.add(`<rect x="${r1(x - 14)}" y="${r1(floor - 24)}" width="${r1(w + 28)}" height="24" fill="#5a4030"/>`);
}

function room(c: Canvas, p: Palette, hue: number, kind: string): void {
  const floor = c.interior(warmWall(c.rng), woodFloor, 600);
  c.window(c.rng.chance(0.5) ? 70 : 870, 110, 260, 300, p);
  const duvet = hsl(hue, 35, 62);
  const art = c.between(470, 610);
  c.add(`<rect x="${r1(art)}" y="120" width="180" height="120" fill="#fbf8f2" stroke="#6d4f3a" stroke-width="8"/>`, `<circle cx="${r1(art + 70)}" cy="175" r="32" fill="${hsl(hue + 180, 50, 60)}"/>`, `<path d="M${r1(art + 10)} 230 L${r1(art + 90)} 170 L${r1(art + 170)} 230 Z" fill="${hsl(hue, 40, 45)}"/>`);
  if (kind === "twin") {
    bed(c, 380, floor + 60, 180, duvet);
    bed(c, 640, floor + 60, 180, duvet);
  } else if (kind === "dorm") {
    for (const x of [380, 680]) {
      c.add(`<rect x="${x}" y="${floor - 300}" width="12" height="360" fill="#4a4a4a"/>`, `<rect x="${x + 228}" y="${floor - 300}" width="12" height="360" fill="#4a4a4a"/>`);
      for (const y of [floor - 190, floor + 20]) {
        c.add(`<rect x="${x}" y="${y}" width="240" height="30" rx="6" fill="#f7f4ee"/>`, `<rect x="${x}" y="${y + 10}" width="240" height="22" rx="6" fill="${duvet}"/>`, `<rect x="${x + 12}" y="${y - 18}" width="70" height="26" rx="10" fill="#fff"/>`);
      }
    }
  } else {
    bed(c, 420, floor + 60, kind === "single" ? 200 : 360, duvet);
    if (kind === "suite" || kind === "family") c.add(`<rect x="900" y="${floor - 40}" width="230" height="110" rx="24" fill="${hsl(hue + 30, 25, 45)}"/>`, `<rect x="915" y="${floor - 80}" width="200" height="60" rx="20" fill="${hsl(hue + 30, 25, 52)}"/>`);
  }
  const nx = kind === "twin" ? 570 : 330;
  c.add(`<rect x="${nx - 40}" y="${floor - 40}" width="70" height="80" fill="#6d4f3a"/>`);
  c.add(`<circle cx="${nx - 5}" cy="${floor - 100}" r="120" fill="${c.radial("#ffd98a", 0.5)}"/>`, `<path d="M${nx - 30} ${floor - 80} h50 l-10 -40 h-30 Z" fill="#fff3d6"/>`, `<rect x="${nx - 8}" y="${floor - 80}" width="6" height="40" fill="#3d3d3d"/>`);
}

function bathroom(c: Canvas, hue: number): void {
  const floor = 620;
  const tile = hsl(hue + 180, 15, 90);
  c.defs.push(`<pattern id="tiles" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="${tile}"/><path d="M60 0 H0 V60" fill="none" stroke="#fff" stroke-width="3"/></pattern>`);
  c.add(`<rect width="${W}" height="${floor}" fill="url(#tiles)"/>`, `<rect y="${floor}" width="${W}" height="${H - floor}" fill="${c.linear(["#8d9296", "#5f6569"])}"/>`);
  c.add(`<rect x="130" y="120" width="300" height="220" rx="16" fill="${c.linear(["#e8f3f8", "#b7cbd6"])}" stroke="#c7c7c7" stroke-width="6"/>`);
  c.add(`<rect x="100" y="400" width="360" height="40" fill="#f2efe9"/>`, `<ellipse cx="280" cy="404" rx="90" ry="14" fill="#dfe6ea"/>`, `<rect x="120" y="440" width="320" height="180" fill="${hsl(hue, 25, 40)}"/>`);
  c.add(`<rect x="600" y="430" width="520" height="170" rx="60" fill="#fbfbfb"/>`, `<rect x="620" y="430" width="480" height="30" rx="14" fill="#e7eef2"/>`);
  c.add(`<path d="M1060 430 V300 h-50" stroke="#b9c0c5" stroke-width="10" fill="none"/>`);
  c.add(`<rect x="520" y="210" width="20" height="200" fill="#b9c0c5"/>`, `<rect x="500" y="220" width="60" height="140" rx="8" fill="${hsl(hue, 45, 70)}"/>`);
  c.plant(1120, floor, 0.8);
}

function lobby(c: Canvas, hue: number): void {
  const floor = c.interior(["#efe6d8", "#d9cbb6"], ["#e9e4dc", "#b8ada0"], 520);
  for (const x of [140, 1060]) c.add(`<rect x="${x - 30}" y="0" width="60" height="${floor}" fill="${c.linear(["#f8f4ee", "#d7cdbf"], false)}"/>`);
  c.add(`<rect x="380" y="140" width="440" height="220" fill="${hsl(hue, 20, 40)}"/>`, `<rect x="400" y="160" width="400" height="180" fill="${hsl(hue, 25, 55)}" opacity="0.6"/>`);
  c.add(`<rect x="330" y="${floor - 20}" width="540" height="150" rx="10" fill="${c.linear(["#7a5a44", "#4f3a2c"])}"/>`, `<rect x="330" y="${floor - 20}" width="540" height="16" fill="${hsl(hue + 180, 40, 55)}"/>`);
  for (const x of [300, 600, 900]) c.lamp(x, 80, c.between(40, 120), "#ffd98a");
  c.plant(230, floor + 130, 1.2);
  c.plant(980, floor + 130, 1.2);
  for (let i = 0; i < 8; i++) c.add(`<path d="M0 ${floor + 40 + i * 34} H${W}" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>`);
}

function restaurant(c: Canvas, p: Palette, hue: number): void {
  const floor = c.interior(warmWall(c.rng), woodFloor, 500);
  c.window(120, 90, 380, 260, p);
  c.window(700, 90, 380, 260, p);
  for (const x of [300, 600, 900]) c.lamp(x, 60, c.between(10, 60), "#ffcf7a");
  for (const [x, y, s] of [[260, floor + 120, 1], [640, floor + 90, 0.85], [980, floor + 140, 1.05]] as const) {
    c.add(`<rect x="${r1(x - 8 * s)}" y="${r1(y)}" width="${r1(16 * s)}" height="${r1(110 * s)}" fill="#3b2d24"/>`);
    c.add(`<ellipse cx="${x}" cy="${y}" rx="${r1(150 * s)}" ry="${r1(36 * s)}" fill="#fbf8f2"/>`);
    for (const dx of [-70, 0, 70]) c.add(`<ellipse cx="${r1(x + dx * s)}" cy="${r1(y - 4)}" rx="${r1(26 * s)}" ry="${r1(8 * s)}" fill="#fff" stroke="#ddd"/>`);
    for (const side of [-1, 1]) {
      // A chair beside the table, its back on the far side.
      const cx = x + side * 190 * s;
      const back = cx + side * 30 * s;
      c.add(
        `<rect x="${r1(back - 6 * s)}" y="${r1(y - 70 * s)}" width="${r1(12 * s)}" height="${r1(170 * s)}" rx="5" fill="${hsl(hue, 35, 38)}"/>`,
        `<rect x="${r1(cx - 34 * s)}" y="${r1(y + 30 * s)}" width="${r1(68 * s)}" height="${r1(14 * s)}" rx="5" fill="${hsl(hue, 35, 45)}"/>`,
        `<rect x="${r1(cx - side * 28 * s - 4 * s)}" y="${r1(y + 44 * s)}" width="${r1(8 * s)}" height="${r1(56 * s)}" fill="${hsl(hue, 35, 30)}"/>`,
      );
    }
  }
}

function bar(c: Canvas, hue: number): void {
  const floor = c.interior(["#2b1d18", "#4a3026"], ["#3a2a22", "#21170f"], 560);
  for (const y of [120, 230, 340]) {
    c.add(`<rect x="140" y="${y + 70}" width="920" height="10" fill="#7a5a44"/>`);
    for (let x = 160; x < 1040; x += c.between(28, 46)) {
      const h = c.between(40, 70);
      c.add(`<rect x="${r1(x)}" y="${r1(y + 70 - h)}" width="18" height="${r1(h)}" rx="5" fill="${hsl(c.rng.int(0, 360), 45, 45, 0.9)}"/>`);
    }
  }
  c.add(`<circle cx="600" cy="260" r="420" fill="${c.radial(hsl(hue + 30, 80, 60), 0.25)}"/>`);
  c.add(`<rect x="60" y="${floor - 110}" width="1080" height="40" rx="8" fill="#6d4f3a"/>`, `<rect x="80" y="${floor - 70}" width="1040" height="190" fill="${c.linear(["#4f3a2c", "#2b1f17"])}"/>`);
  for (let x = 160; x < 1100; x += 190) c.add(`<ellipse cx="${x}" cy="${floor + 150}" rx="40" ry="12" fill="${hsl(hue, 40, 40)}"/>`, `<rect x="${x - 4}" y="${floor + 150}" width="8" height="90" fill="#1c140e"/>`);
  for (const x of [250, 600, 950]) c.lamp(x, 40, 40, "#ffb347");
}

function spa(c: Canvas, hue: number): void {
  c.interior(["#eae4d8", "#d4cab8"], ["#cfc3ad", "#a99c85"], 540);
  for (let x = 60; x < 360; x += 36) c.add(`<rect x="${x}" y="0" width="16" height="540" fill="#9fb58a" opacity="0.8"/>`);
  c.add(`<rect x="500" y="420" width="600" height="140" rx="20" fill="${c.linear(["#7ccfd0", "#3f9ea5"])}"/>`);
  let y = 560;
  for (const [w, h] of [[180, 44], [150, 38], [120, 32], [90, 28]] as const) {
    y -= h - 6;
    c.add(`<ellipse cx="300" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="#5c5f63"/>`);
  }
  for (const x of [420, 470, 520]) {
    c.add(`<rect x="${x}" y="600" width="34" height="60" rx="4" fill="#fbf6ea"/>`, `<circle cx="${x + 17}" cy="585" r="40" fill="${c.radial("#ffcf7a", 0.6)}"/>`, `<ellipse cx="${x + 17}" cy="588" rx="6" ry="12" fill="#ffb347"/>`);
  }
  c.add(`<rect x="700" y="640" width="360" height="60" rx="12" fill="${hsl(hue, 30, 85)}"/>`);
}

function view(c: Canvas, p: Palette, sea: boolean): void {
  const horizon = 470;
  c.sky(p, horizon);
  if (sea) {
    c.water(horizon, [p.far, p.near]);
  } else {
    c.skyline(horizon + 40, 120, 320, p.far, p.lit, p.glass);
    c.skyline(horizon + 200, 80, 280, p.near, p.lit, p.glass);
    c.add(`<rect y="${horizon + 198}" width="${W}" height="${H}" fill="${p.near}"/>`);
  }
  c.add(`<rect y="560" width="${W}" height="14" fill="#e8e4dc"/>`);
  for (let x = 20; x < W; x += 48) c.add(`<rect x="${x}" y="574" width="8" height="200" fill="#e8e4dc"/>`);
  c.add(`<rect y="760" width="${W}" height="40" fill="#cfc8bb"/>`);
}

function city(c: Canvas, p: Palette): void {
  c.sky(p, 560);
  c.skyline(560, 140, 420, p.far, p.lit, p.glass);
  c.skyline(640, 80, 300, p.near, p.lit, p.glass);
  c.water(640, [p.near, p.far]);
}

function landmark(c: Canvas, p: Palette, hue: number): void {
  const ground = 600;
  c.sky(p, ground);
  c.skyline(ground, 60, 200, p.far, p.lit, p.glass);
  const stone = p.time === "night" ? "#5a5870" : hsl(hue, 25, 78);
  const shade = p.time === "night" ? "#47455c" : hsl(hue, 25, 66);
  const kind = c.rng.int(0, 2);
  if (kind === 0) {
    c.add(`<rect x="420" y="330" width="360" height="270" fill="${stone}"/>`, `<ellipse cx="600" cy="330" rx="150" ry="150" fill="${shade}"/>`, `<rect x="590" y="150" width="20" height="40" fill="${shade}"/>`);
    for (let x = 450; x < 760; x += 60) c.add(`<rect x="${x}" y="400" width="28" height="70" rx="14" fill="${p.glass}" opacity="0.7"/>`);
  } else if (kind === 1) {
    c.add(`<rect x="540" y="170" width="120" height="430" fill="${stone}"/>`, `<path d="M530 170 L600 60 L670 170 Z" fill="${shade}"/>`, `<circle cx="600" cy="240" r="38" fill="#fbf8f2" stroke="${shade}" stroke-width="6"/>`, `<path d="M600 240 V214 M600 240 L618 250" stroke="#333" stroke-width="4"/>`);
  } else {
    c.add(`<path d="M400 600 V300 H800 V600 H690 V430 Q600 340 510 430 V600 Z" fill="${stone}"/>`, `<rect x="390" y="280" width="420" height="30" fill="${shade}"/>`);
  }
  c.add(`<rect y="${ground}" width="${W}" height="${H - ground}" fill="${c.linear([p.land, p.near])}"/>`);
  c.tree(220, ground + 20, 1, p.time === "night" ? "#1f3326" : "#4f8a5b");
  c.tree(1000, ground + 30, 1.2, p.time === "night" ? "#1f3326" : "#4f8a5b");
}

function museum(c: Canvas, p: Palette, hue: number): void {
  const ground = 620;
  c.sky(p, ground);
  const stone = hsl(hue, 15, 88);
  c.add(`<path d="M260 290 L600 150 L940 290 Z" fill="${stone}"/>`, `<rect x="260" y="290" width="680" height="30" fill="${hsl(hue, 15, 78)}"/>`);
  for (let x = 290; x < 920; x += 90) c.add(`<rect x="${x}" y="320" width="44" height="240" fill="${c.linear([stone, hsl(hue, 15, 74)], false)}"/>`);
  for (let i = 0; i < 3; i++) c.add(`<rect x="${230 - i * 30}" y="${560 + i * 20}" width="${740 + i * 60}" height="20" fill="${hsl(hue, 12, 80 - i * 5)}"/>`);
  c.add(`<rect y="${ground}" width="${W}" height="${H - ground}" fill="${hsl(hue, 10, 70)}"/>`);
}

function food(c: Canvas, hue: number): void {
  c.add(`<rect width="${W}" height="${H}" fill="${c.linear(["#8a5a3b", "#5e3b25"])}"/>`);
  for (let y = 0; y < H; y += 80) c.add(`<path d="M0 ${y} H${W}" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>`);
  const dishes: Array<[number, number, number]> = [[300, 300, 150], [720, 260, 120], [560, 560, 140], [960, 540, 110]];
  for (const [x, y, r] of dishes) {
    c.add(`<circle cx="${x + 8}" cy="${y + 10}" r="${r}" fill="#000" opacity="0.2"/>`, `<circle cx="${x}" cy="${y}" r="${r}" fill="#fbfbf7"/>`, `<circle cx="${x}" cy="${y}" r="${r * 0.72}" fill="#f1efe8"/>`);
    for (let i = 0; i < 6; i++) {
      const a = c.between(0, Math.PI * 2);
      const d = c.between(0, r * 0.45);
      c.add(`<circle cx="${r1(x + Math.cos(a) * d)}" cy="${r1(y + Math.sin(a) * d)}" r="${r1(c.between(r * 0.12, r * 0.26))}" fill="${hsl(c.rng.pick([hue, 10, 35, 95, 5]), 60, c.between(40, 60))}"/>`);
    }
  }
  c.add(`<circle cx="120" cy="620" r="60" fill="#fff" opacity="0.35"/>`, `<circle cx="120" cy="620" r="46" fill="#8b1e3f" opacity="0.8"/>`);
  c.add(`<rect x="1080" y="100" width="14" height="260" rx="7" fill="#d9d9d9"/>`, `<rect x="1120" y="100" width="14" height="260" rx="7" fill="#d9d9d9"/>`);
}

function sea(c: Canvas, p: Palette): void {
  const horizon = 450;
  c.sky(p, horizon);
  c.hills(horizon, 40, p.far, 0.7);
  c.water(horizon, [p.far, p.near]);
  const x = c.between(350, 750);
  const y = horizon + 120;
  c.add(`<path d="M${r1(x)} ${y} h300 l-40 50 h-230 Z" fill="#fbfbfb"/>`, `<rect x="${r1(x + 60)}" y="${y - 40}" width="160" height="40" rx="6" fill="#e6edf2"/>`);
  for (let k = 0; k < 5; k++) c.add(`<rect x="${r1(x + 75 + k * 28)}" y="${y - 30}" width="16" height="14" fill="#2f4a6a"/>`);
  c.add(`<rect x="${r1(x + 190)}" y="${y - 75}" width="14" height="35" fill="${p.time === "night" ? "#ffd27a" : "#d94a3c"}"/>`);
  for (let i = 0; i < 4; i++) {
    const gx = c.between(100, 1100);
    const gy = c.between(120, 300);
    c.add(`<path d="M${r1(gx)} ${r1(gy)} q12 -10 24 0 q12 -10 24 0" stroke="#2b2b2b" stroke-width="3" fill="none"/>`);
  }
}

function countryside(c: Canvas, p: Palette): void {
  const horizon = 420;
  c.sky(p, horizon);
  c.hills(horizon + 20, 80, p.far, 0.9);
  c.hills(horizon + 120, 90, "#8fb56a");
  c.hills(horizon + 240, 70, "#6f9b4f");
  c.add(`<path d="M560 ${H} C620 700 480 620 640 560 S700 500 720 470" stroke="#d8c9a3" stroke-width="38" fill="none"/>`);
  c.add(`<rect x="820" y="470" width="120" height="80" fill="#f2e8d5"/>`, `<path d="M805 470 L880 420 L955 470 Z" fill="#b5523b"/>`);
  for (let i = 0; i < 6; i++) c.tree(c.between(40, 1160), c.between(560, 700), c.between(0.6, 1), "#4f7f3f");
}

function mountainScene(c: Canvas, p: Palette): void {
  const base = 520;
  c.sky(p, base);
  c.mountains(base, 300, p.far, p.time !== "night");
  c.mountains(base + 40, 200, p.near, false);
  c.water(base + 40, [p.far, p.near]);
  for (let i = 0; i < 9; i++) c.pine(c.between(0, W), c.between(640, 780), c.between(0.8, 1.5), p.time === "night" ? "#0f1d18" : "#2d5a3d");
}

function night(c: Canvas, hue: number): void {
  const p = PALETTES.night;
  const horizon = 480;
  c.sky(p, horizon);
  c.skyline(horizon, 120, 380, "#1b2747", 0.8, "#ffd27a");
  c.water(horizon, ["#1b2747", "#070d24"]);
  for (let i = 0; i < 40; i++) c.add(`<rect x="${r1(c.between(0, W))}" y="${r1(c.between(horizon + 10, H))}" width="${r1(c.between(10, 50))}" height="3" fill="${hsl(hue % 60 + 30, 90, 70)}" opacity="0.5"/>`);
}

function stage(c: Canvas, hue: number): void {
  c.add(`<rect width="${W}" height="${H}" fill="#120c16"/>`);
  c.add(`<path d="M0 0 H180 Q140 300 180 560 H0 Z" fill="#7a1428"/>`, `<path d="M${W} 0 H${W - 180} Q${W - 140} 300 ${W - 180} 560 H${W} Z" fill="#7a1428"/>`);
  c.add(`<rect y="520" width="${W}" height="60" fill="#3a2a22"/>`);
  for (const x of [350, 600, 850]) {
    c.add(`<path d="M${x} 0 L${x - 160} 540 H${x + 160} Z" fill="${hsl(hue + x / 5, 70, 70, 0.18)}"/>`, `<ellipse cx="${x}" cy="530" rx="160" ry="22" fill="${hsl(hue + x / 5, 70, 70, 0.35)}"/>`);
  }
  for (const x of [470, 600, 730]) c.add(`<circle cx="${x}" cy="360" r="26" fill="#0b0810"/>`, `<path d="M${x - 40} 520 Q${x} 360 ${x + 40} 520 Z" fill="#0b0810"/>`);
  for (let x = 20; x < W; x += 70) c.add(`<circle cx="${x + c.between(-10, 10)}" cy="${r1(c.between(700, 740))}" r="30" fill="#05030a"/>`, `<rect x="${x - 40}" y="740" width="80" height="60" fill="#05030a"/>`);
}

/** The SVG document of one picture. */
export function renderPicture(pic: Picture): string {
  const rng = new Rng(hash32(pic.seed));
  const c = new Canvas(rng);
  const hue = rng.int(0, 359);
  const p = paletteFor(rng);
  switch (pic.scene) {
    case "exterior": exterior(c, p, hue, pic.detail); break;
    case "pool": pool(c, p, hue, pic.detail === "indoor"); break;
    case "room": room(c, p, hue, pic.detail); break;
    case "bathroom": bathroom(c, hue); break;
    case "lobby": lobby(c, hue); break;
    case "restaurant": restaurant(c, p, hue); break;
    case "bar": bar(c, hue); break;
    case "spa": spa(c, hue); break;
    case "view": view(c, p, pic.detail === "sea"); break;
    case "city": city(c, p); break;
    case "landmark": landmark(c, p, hue); break;
    case "night": night(c, hue); break;
    case "food": food(c, hue); break;
    case "museum": museum(c, p, hue); break;
    case "sea": sea(c, p); break;
    case "countryside": countryside(c, p); break;
    case "mountains": mountainScene(c, p); break;
    case "stage": stage(c, hue); break;
  }
  c.defs.push(`<linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.62"/></linearGradient>`);
  const label = pic.caption ? `${pic.title}, ${pic.caption}` : pic.title;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(label)}">`,
    `<title>${esc(label)}</title>`,
    `<defs>${c.defs.join("")}</defs>`,
    ...c.body,
    `<rect y="${H - 170}" width="${W}" height="170" fill="url(#band)"/>`,
    `<g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" fill="#fff">`,
    `<text x="40" y="${H - (pic.caption ? 64 : 36)}" font-size="34" font-weight="600">${esc(pic.title)}</text>`,
    pic.caption ? `<text x="40" y="${H - 28}" font-size="24" opacity="0.9">${esc(pic.caption)}</text>` : "",
    `<text x="${W - 32}" y="${H - 28}" font-size="16" text-anchor="end" opacity="0.6">sandbox illustration</text>`,
    `</g></svg>`,
  ].join("");
}
