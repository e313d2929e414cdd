// This remote has no page of its own: the shell loads `./routes` and renders the pages inside its layout.
export {};
