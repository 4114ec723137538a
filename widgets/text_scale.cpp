#include "text_scale.h"

#include <QApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <cmath>
#include <tuple>
#include <vector>

namespace streamstep {

namespace {

// Refits a table after its font changed: its children (the headers) have the new font by then.
class TextScaleFollower : public QObject {
public:
    TextScaleFollower(QTableView *view, int padding) : QObject(view), m_view(view), m_padding(padding) { fit(); }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_view && (event->type() == QEvent::FontChange || event->type() == QEvent::Show))
            fit();
        return false;
    }

private:
    void fit()
    {
        // A header that missed the view's font change while the view was not yet shown (seen
        // with the batches table in a tab page): make it inherit again.
        for (QHeaderView *header : {m_view->horizontalHeader(), m_view->verticalHeader()})
            if (!header->testAttribute(Qt::WA_SetFont) && header->font() != m_view->font())
                header->setFont(QFont());
        m_view->verticalHeader()->setDefaultSectionSize(rowHeightFor(m_view->font(), m_padding));
        if (m_view->model())
            m_view->resizeColumnsToContents();
    }

    QTableView *m_view;
    int m_padding;
};

} // namespace

double textScale(const QWidget *widget)
{
    const double base = QApplication::font().pointSizeF();
    const double own = widget ? widget->font().pointSizeF() : base;
    if (base <= 0 || own <= 0)
        return 1.0;
    return own / base;
}

QFont scaledFixedFont(double scale)
{
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (std::abs(scale - 1.0) > 1e-9)
        fixed.setPointSizeF(fixed.pointSizeF() * scale);
    return fixed;
}

int rowHeightFor(const QFont &font, int padding)
{
    // Bold marks and italics share the line height; the padding keeps the selection's frame clear.
    QFont bold = font;
    bold.setBold(true);
    return std::max(QFontMetrics(font).height(), QFontMetrics(bold).height()) + padding;
}

void followTextScale(QTableView *view, int rowPadding)
{
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->installEventFilter(new TextScaleFollower(view, rowPadding));
}

void setUpReadOnlyTable(QTableView *view, QAbstractItemModel *model)
{
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setWordWrap(false);
    view->setTabKeyNavigation(false);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    // Fitting a column to its contents measures the visible rows and at most 200 more, not
    // Qt's 1,000: every shown batch refits its tables, and a 100,000-row result table then spent
    // most of the step's time laying out text nobody sees (lesson 27b: 40 % of a step in
    // QTableView::sizeHintForColumn).
    view->horizontalHeader()->setResizeContentsPrecision(200);
    followTextScale(view);
}

void scaleCodeRuns(QTextDocument *document, double scale)
{
    const QFont fixed = scaledFixedFont(scale);
    const QString fixedFamily = fixed.family();
    // The runs first, then their formats: setting a format merges and splits fragments.
    std::vector<std::tuple<int, int, QTextCharFormat>> runs;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.isValid())
                continue;
            QTextCharFormat format = fragment.charFormat();
            const bool code = format.fontFixedPitch() || format.fontFamilies().toStringList().contains(fixedFamily)
                || block.blockFormat().nonBreakableLines();
            if (!code)
                continue;
            format.setFontFamilies(QStringList{fixedFamily});
            format.setFontFixedPitch(true);
            format.setFontPointSize(fixed.pointSizeF());
            runs.emplace_back(fragment.position(), fragment.position() + fragment.length(), format);
        }
    }
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    for (const auto &[start, end, format] : runs) {
        cursor.setPosition(start);
        cursor.setPosition(end, QTextCursor::KeepAnchor);
        cursor.setCharFormat(format);
    }
    cursor.endEditBlock();
}

} // namespace streamstep
