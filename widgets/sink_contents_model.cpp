#include "sink_contents_model.h"

#include "row_provenance.h"

#include "streamstep/value_format.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

namespace streamstep {

namespace {

RowMark rowMark(SinkRowMark mark)
{
    switch (mark) {
    case SinkRowMark::New: return RowMark::New;
    case SinkRowMark::Updated: return RowMark::Updated;
    case SinkRowMark::None: break;
    }
    return RowMark::None;
}

// "part-00003-c000.snappy.parquet" → "part-00003" (Spark's c000 and the extension dropped).
QString fileStem(const std::string &name)
{
    const size_t end = name.find("-c000");
    return QString::fromStdString(name.substr(0, end != std::string::npos ? end : name.find('.')));
}

} // namespace

SinkContentsModel::SinkContentsModel(QObject *parent) : QAbstractTableModel(parent) {}

bool SinkContentsModel::shows(const std::string &format)
{
    return hasSinkImage(format);
}

void SinkContentsModel::setSink(const SinkSpec &sink, OutputMode mode)
{
    beginResetModel();
    m_sink = sink;
    m_mode = mode;
    m_kind = !shows(sink.format) ? Kind::None : sink.format == "sqlite" ? Kind::Table : Kind::Files;
    showEmptySink();
    endResetModel();
}

void SinkContentsModel::showEmptySink()
{
    m_reports.clear();
    m_linkedRows.clear();
    m_image = sinkImageAfter(m_sink, m_mode, {});
    m_failure.clear();
    updateTimeFormats();
}

void SinkContentsModel::updateTimeFormats()
{
    m_timeFormats.assign(m_image.columns.size(), TimeColumnFormat());
    for (size_t c = 0; c < m_image.columns.size(); ++c) {
        for (size_t row = 0; row < m_image.rows.size(); ++row) {
            const Value value = m_image.value(row, c);
            if (value.isNull())
                continue;
            const TypeKind kind = value.type().kind;
            if (kind == TypeKind::Timestamp)
                m_timeFormats[c].addTimestamp(value.asTimestamp());
            else if (kind == TypeKind::Window)
                m_timeFormats[c].addWindow(value.asWindow().startMicros, value.asWindow().endMicros);
            else
                break;
        }
    }
}

void SinkContentsModel::clear()
{
    beginResetModel();
    showEmptySink();
    endResetModel();
}

void SinkContentsModel::showAfter(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index)
{
    beginResetModel();
    m_reports.clear();
    m_failure.clear();
    m_linkedRows.clear();
    if (m_kind != Kind::None && index >= 0 && index < int(reports.size()))
        m_reports.assign(reports.begin(), reports.begin() + index + 1);
    std::vector<const BatchReport *> shown;
    shown.reserve(m_reports.size());
    for (const auto &report : m_reports)
        shown.push_back(report.get());
    m_image = sinkImageAfter(m_sink, m_mode, std::move(shown));
    if (m_image.failure)
        m_failure = tr("Batch %1 would fail: row %2 violates the table's primary key (append mode "
                       "inserts; use update mode to upsert). The table holds the batches before it.")
                        .arg(m_image.failure->batchId)
                        .arg(m_image.failure->row);
    else if (!m_image.optionsError.empty())
        m_failure = QString::fromStdString(m_image.optionsError);
    updateTimeFormats();
    endResetModel();
}

std::pair<int, int> SinkContentsModel::originOf(int row) const
{
    if (row < 0 || size_t(row) >= m_image.rows.size())
        return {-1, -1};
    return {int(m_image.rows[size_t(row)].report), int(m_image.rows[size_t(row)].row)};
}

void SinkContentsModel::setLinkedRows(const std::vector<int> &rows)
{
    for (int row : relinkRows(m_linkedRows, rows, m_image.rows.size()))
        Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1));
}

QStringList SinkContentsModel::files() const
{
    QStringList names;
    for (const SinkImage::File &file : m_image.files)
        names << QString::fromStdString(file.name);
    return names;
}

int SinkContentsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_image.rows.size());
}

int SinkContentsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_image.columns.empty() ? 0 : int(m_image.columns.size()) + firstDataColumn();
}

QString SinkContentsModel::cellText(int row, int column) const
{
    return m_timeFormats[size_t(column)].text(m_image.value(size_t(row), size_t(column)));
}

QVariant SinkContentsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const SinkImage::Row &ref = m_image.rows[size_t(index.row())];
    const RowMark mark = rowMark(ref.mark);
    const bool linked = std::binary_search(m_linkedRows.begin(), m_linkedRows.end(), index.row());
    if (role == BatchTableModel::RowMarkRole)
        return int(mark);
    if (role == BatchTableModel::LinkedRole)
        return linked;
    if (linked && role == Qt::BackgroundRole)
        return QBrush(QColor(138, 43, 194, 75));
    if (linked && role == Qt::FontRole) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (index.column() == 0) {
        // Text marks, never colour alone.
        if (role == Qt::DisplayRole)
            return (linked ? BatchTableModel::linkMark() : QString()) + BatchTableModel::markText(mark);
        if (role == Qt::ToolTipRole && mark == RowMark::New)
            return m_kind == Kind::Files ? tr("New: written by this batch, in its part file")
                                         : tr("New: inserted by this batch's transaction");
        if (role == Qt::ToolTipRole && mark == RowMark::Updated)
            return tr("Updated: its key was in the table; this batch's upsert replaced the row");
        if (role == Qt::FontRole && mark != RowMark::None) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    if (m_kind == Kind::Files && index.column() == 1) {
        const SinkImage::File *file = m_image.fileOf(size_t(index.row()));
        // The part file as "part-00003"; the "-c000.snappy.parquet" every file shares is in the
        // tooltips, so the column stays narrow and the data columns keep their room.
        if (role == Qt::DisplayRole && file)
            return fileStem(file->name);
        if (role == Qt::ToolTipRole && file)
            return tr("%1: written by batch %2; listed in %3/%4")
                .arg(QString::fromStdString(file->name))
                .arg(file->batchId)
                .arg(path(), QString::fromStdString(file->logFile));
        return {};
    }
    const int column = index.column() - firstDataColumn();
    const DataType &type = m_image.reports[ref.report]->emitted.schema.fields[m_image.columns[size_t(column)].field].type;
    switch (role) {
    case Qt::DisplayRole: return cellText(index.row(), column);
    case BatchTableModel::SparkTextRole: {
        const Value value = m_image.value(size_t(index.row()), size_t(column));
        return value.isNull() ? QStringLiteral("NULL") : QString::fromStdString(toDisplayString(value));
    }
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment((type.isNumeric() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    default: return {};
    }
}

QVariant SinkContentsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (section < 0 || section >= columnCount())
        return {};
    const bool status = section == 0;
    const bool file = m_kind == Kind::Files && section == 1;
    if (role == Qt::DisplayRole) {
        if (status)
            return tr("status");
        if (file)
            return tr("file");
        const size_t column = size_t(section - firstDataColumn());
        const QString name = QString::fromStdString(m_image.columns[column].name);
        const QString date = column < m_timeFormats.size() ? m_timeFormats[column].sharedDate() : QString();
        return date.isEmpty() ? name : QStringLiteral("%1\n%2").arg(name, date);
    }
    if (role == Qt::ToolTipRole) {
        if (status)
            return tr("What the batch shown wrote: new rows, and rows its upsert replaced");
        if (file && !m_image.files.empty())
            return tr("The committed part file that holds the row (%1 for part-%2; only files the _spark_metadata "
                      "manifest lists)")
                .arg(QString::fromStdString(m_image.files.front().name), fileStem(m_image.files.front().name).mid(5));
        if (file)
            return tr("The committed part file that holds the row (only files the _spark_metadata manifest lists)");
        const size_t index = size_t(section - firstDataColumn());
        const SinkImage::Column &column = m_image.columns[index];
        QStringList tips;
        if (column.isKey)
            tips << tr("%1: part of the table's primary key").arg(QString::fromStdString(column.name));
        const QString date = index < m_timeFormats.size() ? m_timeFormats[index].sharedDate() : QString();
        if (!date.isEmpty())
            tips << tr("Every time in this column is on %1 (UTC); cells show the time of day.").arg(date);
        return tips.isEmpty() ? QVariant() : QVariant(tips.join(QLatin1Char('\n')));
    }
    return {};
}

} // namespace streamstep
