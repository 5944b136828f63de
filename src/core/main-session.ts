// The main session is the default agent's standing conversation; its transcript lives under this key.
export const MAIN_SESSION_KEY = "main";
