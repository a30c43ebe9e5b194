// Gatsby plugins need an entry point; this one has no browser code.
