const a = 1;
enable f16;
