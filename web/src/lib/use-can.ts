/**
 * The one permission hook of the web (DESIGN.md §6: the matrix lives in shared/permissions.ts).
 * `useCan('vehiclesEdit')` → boolean for the signed-in user; `useCan()` → a checker for pages
 * that ask about several abilities.
 */
import { useCallback } from 'react';
import { hasAbility, type Ability } from '../../../shared/permissions';
import { useAuth } from '../auth/context';

export type { Ability };

export function useCan(ability: Ability): boolean;
export function useCan(): (ability: Ability) => boolean;
export function useCan(ability?: Ability): boolean | ((ability: Ability) => boolean) {
  const { user } = useAuth();
  const role = user?.role;
  const check = useCallback((a: Ability) => hasAbility(role, a), [role]);
  return ability === undefined ? check : check(ability);
}
