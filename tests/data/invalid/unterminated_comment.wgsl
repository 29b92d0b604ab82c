// a comment that never ends below
const a = 1;
/* outer /* inner */ still open
const b = 2;
