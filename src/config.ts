import { DEFAULT_TRAINER_ID } from '../domain/pages.ts';

/** The trainer this site belongs to; sent with every product call. The API seeds the same id. */
export const TRAINER_ID: string = import.meta.env.VITE_TRAINER_ID ?? DEFAULT_TRAINER_ID;
