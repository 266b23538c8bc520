/** How many workers run the browser suite (E2E_WORKERS, default 2): each has a server and a database of its own. */
export function e2eWorkers(): number {
  const wanted = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(wanted) && wanted > 0 ? wanted : 1;
}
