# Empty dependencies file for wgslemu.
# This may be replaced when dependencies are built.
