/** The `ignoreChanges` resource option, as the engine applies it to a registration's new inputs. */
import { type PropertyMap, type PropertyValue, clone, has, isObject, isSecret, makeSecret, secretInner } from "./props";
import { parsePath } from "./propertyPaths";

/**
 * ignoreChanges as the engine applies it (pkg/resource/deploy/step_generator.go processIgnoreChanges, with
 * PropertyPath.Reset of sdk/go/common/resource/properties_path.go): each path's old value is put back into the new
 * inputs (or the key removed where the old inputs lack it), `*` covering every key or element. Mutates `news`.
 * Returns the paths the engine could not reset (an element added or removed on the way); the engine only reports
 * those, as an info message, and goes on.
 */
export function applyIgnoreChanges(news: PropertyMap, olds: PropertyMap, paths: readonly string[]): string[] {
  const invalid: string[] = [];
  for (const p of paths) {
    const parsed = parsePath(p);
    if (!parsed) continue; // the engine skips a path it cannot parse
    if (!resetPath(parsed, olds, news, false, false)) invalid.push(p);
  }
  return invalid;
}

/** The engine's message for paths applyIgnoreChanges could not reset. */
export function ignoreChangesMessage(invalid: readonly string[]): string {
  return `cannot ignore changes in added or removed elements of the path: ${JSON.stringify(invalid.join(", "))}`;
}

type Slot = PropertyValue | undefined;

function unwrapSecret(v: Slot): { value: Slot; secret: boolean } {
  let secret = false;
  while (isSecret(v)) {
    v = secretInner(v);
    secret = true;
  }
  return { value: v, secret };
}

const resetValue = (v: PropertyValue, oldIsSecret: boolean, newIsSecret: boolean): PropertyValue =>
  oldIsSecret && !newIsSecret ? makeSecret(clone(v)) : clone(v);

/** PropertyPath.reset, step for step (the engine mutates `news` through shared references, as this does). */
function resetPath(
  path: readonly (string | number)[],
  oldRaw: Slot,
  newRaw: Slot,
  oldSecret: boolean,
  newSecret: boolean,
): boolean {
  if (path.length === 0) return false;
  const o = unwrapSecret(oldRaw);
  const n = unwrapSecret(newRaw);
  const old = o.value;
  const nu = n.value;
  const oldIsSecret = oldSecret || o.secret;
  const newIsSecret = newSecret || n.secret;
  const key = path[0];
  const leaf = path.length === 1;
  if (typeof key === "number") {
    if (key < 0) return false;
    const oldArr = Array.isArray(old) ? old : undefined;
    const newArr = Array.isArray(nu) ? nu : undefined;
    if (leaf) {
      if (!oldArr && !newArr) return true;
      if (!oldArr || !newArr) return false;
      if (key >= oldArr.length && key >= newArr.length) return true;
      if (key >= oldArr.length || key >= newArr.length) return false;
      newArr[key] = resetValue(oldArr[key], oldIsSecret, newIsSecret);
      return true;
    }
    if (!oldArr || !newArr) return !oldArr && !newArr;
    if (key >= oldArr.length || key >= newArr.length) return false;
    return resetPath(path.slice(1), oldArr[key], newArr[key], oldIsSecret, newIsSecret);
  }
  if (key === "*") {
    if (leaf) {
      if (isObject(nu)) {
        if (isObject(old)) {
          for (const k of Object.keys(old)) nu[k] = resetValue(old[k], oldIsSecret, newIsSecret);
          for (const k of Object.keys(nu)) if (!has(old, k)) delete nu[k];
        }
        return true;
      }
      if (Array.isArray(nu)) {
        if (Array.isArray(old)) {
          for (let i = 0; i < old.length && i < nu.length; i++) nu[i] = resetValue(old[i], oldIsSecret, newIsSecret);
          if (old.length !== nu.length) return false;
        }
        return true;
      }
      return false;
    }
    if (isObject(old) && isObject(nu)) {
      for (const k of Object.keys(old)) {
        if (!has(nu, k)) return false;
        if (!resetPath(path.slice(1), old[k], nu[k], oldIsSecret, newIsSecret)) return false;
      }
      return true;
    }
    if (Array.isArray(old) && Array.isArray(nu)) {
      for (let i = 0; i < old.length && i < nu.length; i++) {
        if (!resetPath(path.slice(1), old[i], nu[i], oldIsSecret, newIsSecret)) return false;
      }
      return old.length === nu.length;
    }
    return false;
  }
  if (leaf) {
    if (isObject(old) && has(old, key)) {
      if (!isObject(nu)) return false;
      nu[key] = resetValue(old[key], oldIsSecret, newIsSecret);
    } else if (isObject(nu)) {
      delete nu[key];
    }
    return true;
  }
  if (!isObject(old) || !isObject(nu)) return !isObject(old) && !isObject(nu);
  const hasOld = has(old, key);
  const hasNew = has(nu, key);
  if (hasOld && !hasNew) return false;
  if (!hasOld && !hasNew) return true;
  return resetPath(path.slice(1), hasOld ? old[key] : undefined, nu[key], oldIsSecret, newIsSecret);
}
