// One text scale for a whole window (View ▸ Larger Text / Smaller Text / Normal Text Size): the
// window's font is the application font times the scale, and everything that shows text follows
// the font it inherits. Most widgets do so by themselves; these helpers cover the ones that do
// not: item views whose row heights and column widths were fixed when they were made, code shown
// in the system's fixed-pitch font (an explicit font that inherits nothing), rich text whose code
// runs carry their own point size (Markdown's `code`), and charts (QtCharts paints with fonts of
// its own).
#pragma once

#include <QFont>

class QAbstractItemModel;
class QTableView;
class QTextDocument;
class QWidget;

namespace streamstep {

// The scale of `widget`'s font against the application font: 1 when it shows text at the normal
// size, 1.5 when View ▸ Larger Text made the window's text half as large again.
double textScale(const QWidget *widget);
// The system's fixed-pitch font at `scale` (query code, console output, plans).
QFont scaledFixedFont(double scale);
// The height of one row of an item view in `font`, with the padding the story panels use.
int rowHeightFor(const QFont &font, int padding = 6);
// Keeps a table's rows as tall as its font needs and its columns fitted to their contents and
// headers (so no header is cut to "atc") whenever its font changes, as it does when the window's
// text scale changes.
void followTextScale(QTableView *view, int rowPadding = 6);
// Shows `model` in `view` as the app's read-only tables do: whole rows selected, nothing edited,
// no wrapping, Tab leaving the table, left-aligned headers with the last column stretched, and
// rows and columns following the text scale (followTextScale).
void setUpReadOnlyTable(QTableView *view, QAbstractItemModel *model);
// Gives every fixed-pitch run of a document (Markdown's `code` and code blocks, <pre>, <code>)
// the fixed-pitch font at `scale`: Qt's Markdown reader gives them the system fixed font's own
// point size, which no window font changes.
void scaleCodeRuns(QTextDocument *document, double scale);

} // namespace streamstep
