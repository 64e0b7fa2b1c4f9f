// The target's header is all it has: Swift calls the system's functions it declares.
#include "CExtendedAttributes.h"
