// The system's extended attribute calls (listxattr, getxattr, fsetxattr), which Swift's Glibc
// module does not export: `zlc check --fix` keeps a fixed file's attributes with them.
#include <sys/types.h>
#include <sys/xattr.h>
