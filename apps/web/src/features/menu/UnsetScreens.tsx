/**
 * Which menu links lead to a screen that is not set up (a tool without an address, a preset screen
 * without its default preset). The shell provides the judgement from the route table and the user's
 * rights; the menu only reads it, so the menu does not depend on how access is decided. Without a
 * provider nothing is marked.
 */
import { createContext, useContext } from 'react';

export type IsUnsetLink = (link: string) => boolean;

const nothingUnset: IsUnsetLink = () => false;

export const UnsetScreensContext = createContext<IsUnsetLink>(nothingUnset);

export const useIsUnsetLink = (): IsUnsetLink => useContext(UnsetScreensContext);
