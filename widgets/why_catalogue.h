// Says the engine's explanations (streamstep/why.h) in the user's language. The engine words each
// explanation as an English template with its arguments; the app translates the template in the
// "Why" context (why_catalogue.cpp lists every one for lupdate) and fills in the same arguments
// with the engine's fillSentence, so the CLI and the app say the same thing, in English or German.
// A "singular|plural" template keeps its bar in translation; the engine picks the half by count.
#pragma once

#include "streamstep/why.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace streamstep {

// The English templates the catalogue holds (each of sentenceTemplates(), for the tests).
QStringList whyCatalogue();
// The sentence in the installed translation ("Why" context), arguments filled in.
QString translatedSentence(const Sentence &sentence);
// Several sentences as one paragraph (a batch's narrative).
QString translatedSentences(const std::vector<Sentence> &sentences);
// A duration argument in the engine's words ("1 hour 30 minutes") in the user's language; any
// other text comes back as it is. The engine hands durations over as English text (why.h).
QString translatedDuration(const QString &text);

} // namespace streamstep
