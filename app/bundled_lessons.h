// The bundled lessons live in the app's resources (:/lessons, with the data files their steps'
// "rowsFile" names, e.g. :/lessons/27-memory-trap/step0.csv). The engine reads a rowsFile from
// the file system, next to the scenario, so a resource lesson is read from a copy of :/lessons
// on disk: a temporary folder made on first use and removed when the app exits.
#pragma once

#include <QString>

namespace streamstep {

// The file to hand to the scenario reader for `path`: for a ":/…" resource its copy on disk
// (the whole :/lessons tree is copied once), otherwise `path` itself. Empty when the copy
// cannot be made.
QString lessonFileOnDisk(const QString &path);

} // namespace streamstep
