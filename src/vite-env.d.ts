interface ImportMetaEnv {
  readonly VITE_TRAINER_ID?: string;
}
