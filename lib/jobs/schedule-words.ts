// A job's cron schedule (UTC) as people say it, for the admin's page: "every minute", "every
// 5 minutes", "every hour at 20 past", "daily at 03:17 UTC", "weekdays at 07:00 UTC". A schedule
// these words do not cover is said with its expression, still marked UTC.

const pad = (n: string) => n.padStart(2, "0");
const isNum = (s: string) => /^\d+$/.test(s);
const DAYS = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

export function scheduleWords(cron: string | undefined): string {
  if (!cron) return "when another job or a person queues it";
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return `on the schedule ${cron} (UTC)`;
  const [min, hour, dom, month, dow] = parts as [string, string, string, string, string];
  const everyDay = dom === "*" && month === "*";
  if (!everyDay) return `on the schedule ${cron} (UTC)`;
  const step = (s: string) => /^\*\/(\d+)$/.exec(s)?.[1];

  if (dow === "*" && hour === "*") {
    if (min === "*") return "every minute";
    if (step(min)) return `every ${step(min)} minutes`;
    if (min === "0") return "every hour, on the hour";
    if (isNum(min)) return `every hour at ${Number(min)} past`;
  }
  if (dow === "*" && step(hour) && isNum(min)) return `every ${step(hour)} hours at ${Number(min)} past`;
  if (isNum(min) && isNum(hour)) {
    const at = `${pad(hour)}:${pad(min)} UTC`;
    if (dow === "*") return `daily at ${at}`;
    if (dow === "1-5") return `weekdays at ${at}`;
    if (isNum(dow) && Number(dow) <= 7) return `${DAYS[Number(dow) % 7]} at ${at}`;
  }
  return `on the schedule ${cron} (UTC)`;
}
