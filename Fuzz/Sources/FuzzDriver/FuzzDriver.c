// The declaration in include/FuzzDriver.h is all this target provides; SwiftPM needs a source.
#include "FuzzDriver.h"
