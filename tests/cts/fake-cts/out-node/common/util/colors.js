exports.Colors = { enabled: true };
