// A GPU provider for the fake suite: create(flags) returns an object that remembers its flags.
module.exports = { create: (flags) => ({ flags }) };
