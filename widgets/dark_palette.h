// Gives the app's dark palette for the Fusion style (--dark), in one place for the app and the
// tests that check every view follows it.
#pragma once

#include <QPalette>

namespace streamstep {

QPalette darkPalette();

} // namespace streamstep
