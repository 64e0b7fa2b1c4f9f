// The target exists for its header.
