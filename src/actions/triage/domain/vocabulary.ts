// The fixed words of the config: permission levels, command names, close reasons.

/** Collaborator permission levels, lowest first. */
export const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const COMMAND_NAMES = ['label', 'unlabel', 'assign', 'unassign', 'close', 'reopen'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const CLOSE_REASONS = ['completed', 'not_planned'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** The commands `author-can` may give an issue's author on their own item. */
export const AUTHOR_COMMANDS = ['close', 'reopen'] as const;
