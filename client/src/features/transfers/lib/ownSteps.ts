// Steps this tab just took: their live echo needs no toast (the page already said "done").
const own = new Set<string>();

export function markOwnStep(transferId: string, state: string): void {
  own.add(`${transferId}:${state}`);
  setTimeout(() => own.delete(`${transferId}:${state}`), 30_000);
}

export function isOwnStep(transferId: string, state: string): boolean {
  return own.has(`${transferId}:${state}`);
}
