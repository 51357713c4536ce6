"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/money";

// The overview's charts (recharts), loaded only on the overview page. Each sits beside a table
// with the same numbers, which is what screen readers are pointed to.

const BRAND = "#4f46e5";
const AXIS = { fontSize: 11, fill: "#64748b" };

export type Point = { label: string; value: number };

export function BarsChart({ data, money, currency, height = 220, vertical = false }: { data: Point[]; money?: boolean; currency: string; height?: number; vertical?: boolean }) {
  const fmt = (v: number) => (money ? formatMoney(v, currency) : String(v));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart accessibilityLayer={false} data={data} layout={vertical ? "vertical" : "horizontal"} margin={{ top: 8, right: 12, bottom: 4, left: vertical ? 12 : 0 }}>
        <CartesianGrid stroke="#e2e8f0" vertical={vertical} horizontal={!vertical} />
        {vertical ? (
          <>
            <XAxis type="number" tick={AXIS} allowDecimals={false} tickFormatter={(v: number) => (money ? formatMoney(v, currency).replace(/\.\d+$/, "") : String(v))} />
            <YAxis type="category" dataKey="label" tick={AXIS} width={110} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" minTickGap={16} />
            <YAxis tick={AXIS} width={money ? 64 : 32} allowDecimals={false} tickFormatter={(v: number) => (money ? formatMoney(v, currency).replace(/\.\d+$/, "") : String(v))} />
          </>
        )}
        <Tooltip formatter={(v) => fmt(Number(v))} cursor={{ fill: "#eef2ff" }} />
        <Bar dataKey="value" fill={BRAND} maxBarSize={28} radius={vertical ? [0, 4, 4, 0] : [4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
