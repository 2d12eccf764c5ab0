import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];

const patched = new WeakSet<Storage>();

/**
 * Remembers class-validator's answer to "the rules of this class" (`getTargetValidationMetadatas`)
 * until a rule is added. Without it every request's validation asks once per nested object (Nest's
 * pipe twice: it also looks for nested binary values first), and each answer walks every validated
 * class of the app (≈ 500) for the ones the class extends: 1.3 s of the server's 43 s under the
 * checkout bench, the largest library cost of a sale after PostgreSQL's driver. Rules are only
 * added while classes are defined (decorators, mapped types), so the answers never go stale; an
 * added rule forgets them all anyway. The lists returned are read, never changed, by both callers.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (patched.has(storage)) return;
  patched.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  let answers = new WeakMap<object, Map<string, ReturnType<Lookup>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byArgs = answers.get(target);
    if (!byArgs) answers.set(target, (byArgs = new Map()));
    let found = byArgs.get(key);
    if (!found) byArgs.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found;
  };
  for (const method of ['addValidationMetadata', 'addConstraintMetadata'] as const) {
    const add = storage[method].bind(storage) as (m: never) => void;
    storage[method] = ((metadata: never) => {
      answers = new WeakMap();
      add(metadata);
    }) as never;
  }
}
