#include "sink_contents_model.h"

#include "streamstep/value_format.h"

#include <QFont>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <variant>

namespace streamstep {

namespace {

std::string lowerText(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

// Sink options are case-insensitive, as in Spark's CaseInsensitiveStringMap.
const nlohmann::json *findOption(const SinkSpec &sink, const std::string &name)
{
    for (const auto &[key, value] : sink.options)
        if (lowerText(key) == name)
            return &value;
    return nullptr;
}

QString stringOption(const SinkSpec &sink, const std::string &name)
{
    const nlohmann::json *value = findOption(sink, name);
    return value && value->is_string() ? QString::fromStdString(value->get<std::string>()) : QString();
}

// The `key` option: a list of column names or one comma-separated string.
std::vector<std::string> keyOption(const SinkSpec &sink)
{
    std::vector<std::string> keys;
    const nlohmann::json *value = findOption(sink, "key");
    if (!value)
        return keys;
    if (value->is_string()) {
        for (const QString &part : QString::fromStdString(value->get<std::string>()).split(QLatin1Char(',')))
            if (!part.trimmed().isEmpty())
                keys.push_back(part.trimmed().toStdString());
    } else if (value->is_array()) {
        for (const nlohmann::json &item : *value)
            if (item.is_string())
                keys.push_back(item.get<std::string>());
    }
    return keys;
}

// A key cell as SQLite orders and compares it: NULL < numbers < text. Decimals and timestamps
// are stored as text (DECIMAL_TEXT, TIMESTAMP text), doubles as REAL ('NaN' as text).
struct SqlValue {
    int storageClass = 0; // 0 NULL, 1 number, 2 text
    long double number = 0;
    std::string text;

    friend bool operator<(const SqlValue &a, const SqlValue &b)
    {
        if (a.storageClass != b.storageClass)
            return a.storageClass < b.storageClass;
        if (a.storageClass == 1)
            return a.number < b.number;
        return a.text < b.text;
    }
};

SqlValue sqlValue(const Value &value)
{
    SqlValue v;
    if (value.isNull())
        return v;
    switch (value.type().kind) {
    case TypeKind::Boolean: v.storageClass = 1; v.number = value.asBool() ? 1 : 0; break;
    case TypeKind::Int: v.storageClass = 1; v.number = value.asInt(); break;
    case TypeKind::Long: v.storageClass = 1; v.number = value.asLong(); break;
    case TypeKind::Double:
        if (value.asDouble() != value.asDouble()) {
            v.storageClass = 2;
            v.text = "NaN";
        } else {
            v.storageClass = 1;
            v.number = value.asDouble();
        }
        break;
    case TypeKind::Decimal: v.storageClass = 2; v.text = formatDecimal(value.asDecimal().unscaled, value.asDecimal().scale); break;
    case TypeKind::Timestamp: v.storageClass = 2; v.text = formatTimestamp(value.asTimestamp()); break;
    default: v.storageClass = 2; v.text = toDisplayString(value); break;
    }
    return v;
}

using SqlKey = std::vector<SqlValue>;

} // namespace

SinkContentsModel::SinkContentsModel(QObject *parent) : QAbstractTableModel(parent) {}

bool SinkContentsModel::shows(const std::string &format)
{
    return format == "csv" || format == "json" || format == "sqlite";
}

void SinkContentsModel::setSink(const SinkSpec &sink, OutputMode mode)
{
    beginResetModel();
    m_format = sink.format;
    m_mode = mode;
    m_kind = !shows(sink.format) ? Kind::None : sink.format == "sqlite" ? Kind::Table : Kind::Files;
    m_path = stringOption(sink, "path");
    m_table = stringOption(sink, "table");
    m_keyNames = keyOption(sink);
    m_reports.clear();
    m_columns.clear();
    m_rows.clear();
    m_marks.clear();
    m_files.clear();
    m_failure.clear();
    endResetModel();
}

void SinkContentsModel::clear()
{
    beginResetModel();
    m_reports.clear();
    m_columns.clear();
    m_rows.clear();
    m_marks.clear();
    m_files.clear();
    m_failure.clear();
    endResetModel();
}

void SinkContentsModel::rebuildColumns(const Schema &schema)
{
    m_columns.clear();
    m_columns.push_back(ColumnRef{kStatusColumn, ColumnRef::Part::Whole, QString()});
    if (m_kind == Kind::Files)
        m_columns.push_back(ColumnRef{kFileColumn, ColumnRef::Part::Whole, QString()});
    for (size_t f = 0; f < schema.fields.size(); ++f) {
        const Field &field = schema.fields[f];
        const QString name = QString::fromStdString(field.name);
        // The SQLite sink stores a window struct as two TIMESTAMP columns.
        if (m_kind == Kind::Table && field.type.kind == TypeKind::Window) {
            m_columns.push_back(ColumnRef{int(f), ColumnRef::Part::Start, name + QStringLiteral("_start")});
            m_columns.push_back(ColumnRef{int(f), ColumnRef::Part::End, name + QStringLiteral("_end")});
        } else {
            m_columns.push_back(ColumnRef{int(f), ColumnRef::Part::Whole, name});
        }
    }
}

std::vector<size_t> SinkContentsModel::keyFields() const
{
    std::vector<size_t> fields;
    if (m_reports.empty())
        return fields;
    const Schema &schema = m_reports.front()->emitted.schema;
    for (const std::string &key : m_keyNames) {
        const int index = schema.indexOf(key);
        if (index >= 0)
            fields.push_back(size_t(index));
    }
    return fields;
}

void SinkContentsModel::showAfter(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index)
{
    beginResetModel();
    m_reports.clear();
    m_columns.clear();
    m_rows.clear();
    m_marks.clear();
    m_files.clear();
    m_failure.clear();
    if (m_kind != Kind::None && index >= 0 && index < int(reports.size())) {
        m_reports.assign(reports.begin(), reports.begin() + index + 1);
        rebuildColumns(m_reports.back()->emitted.schema);
    }

    if (m_kind == Kind::Files) {
        // FileSink::addBatch: a part file per batch with rows; the manifest lists it.
        for (size_t r = 0; r < m_reports.size(); ++r) {
            const BatchReport &report = *m_reports[r];
            if (report.emitted.numRows == 0)
                continue;
            char name[64];
            std::snprintf(name, sizeof name, "part-%05lld-c000.%s", static_cast<long long>(report.batchId),
                          m_format.c_str());
            m_files.push_back(FileRef{QString::fromLatin1(name), uint32_t(r), uint32_t(m_rows.size()),
                                      uint32_t(report.emitted.numRows)});
            for (size_t row = 0; row < report.emitted.numRows; ++row)
                m_rows.push_back(RowRef{uint32_t(r), uint32_t(row)});
        }
    } else if (m_kind == Kind::Table && !m_reports.empty()) {
        const std::vector<size_t> keys = keyFields();
        const auto keyOf = [&](const RowRef &ref, bool *hasNull) {
            SqlKey key;
            const ColumnBatch &rows = m_reports[ref.report]->emitted;
            for (size_t field : keys) {
                const Value value = rows.get(ref.row, field);
                if (rows.schema.fields[field].type.kind == TypeKind::Window && !value.isNull()) {
                    key.push_back(sqlValue(Value::timestamp(value.asWindow().startMicros)));
                    key.push_back(sqlValue(Value::timestamp(value.asWindow().endMicros)));
                } else {
                    key.push_back(sqlValue(value));
                }
                *hasNull = *hasNull || value.isNull();
            }
            return key;
        };
        // Keyed rows (ordered by primary key, as the sink reads them back) and, without a key,
        // rows in insertion (rowid) order.
        std::map<SqlKey, RowRef> keyed;
        std::vector<std::pair<SqlKey, RowRef>> nullKeyed; // NULL never conflicts in SQLite
        std::vector<RowRef> plain;
        std::set<SqlKey> upserted; // keys the shown batch replaced
        const size_t last = m_reports.size() - 1;
        bool failed = false;
        for (size_t r = 0; r < m_reports.size() && !failed; ++r) {
            const BatchReport &report = *m_reports[r];
            if (m_mode == OutputMode::Complete) { // DELETE FROM the table, then insert
                keyed.clear();
                nullKeyed.clear();
                plain.clear();
            }
            if (keys.empty()) {
                for (size_t row = 0; row < report.emitted.numRows; ++row)
                    plain.push_back(RowRef{uint32_t(r), uint32_t(row)});
                continue;
            }
            std::vector<std::pair<SqlKey, RowRef>> batch;
            std::vector<bool> nullKey;
            batch.reserve(report.emitted.numRows);
            for (size_t row = 0; row < report.emitted.numRows; ++row) {
                bool hasNull = false;
                const RowRef ref{uint32_t(r), uint32_t(row)};
                batch.emplace_back(keyOf(ref, &hasNull), ref);
                nullKey.push_back(hasNull);
            }
            if (m_mode == OutputMode::Append) {
                // INSERT: a key already in the table (or twice in the batch) rolls the batch
                // back, and the query stops.
                std::set<SqlKey> seen;
                for (size_t i = 0; i < batch.size() && !failed; ++i) {
                    if (nullKey[i])
                        continue;
                    if (keyed.count(batch[i].first) || !seen.insert(batch[i].first).second) {
                        m_failure = tr("Batch %1 would fail: row %2 violates the table's primary key (append mode "
                                       "inserts; use update mode to upsert). The table holds the batches before it.")
                                        .arg(report.batchId)
                                        .arg(i);
                        failed = true;
                    }
                }
                if (failed)
                    break;
            }
            for (size_t i = 0; i < batch.size(); ++i) {
                if (nullKey[i]) {
                    nullKeyed.push_back(std::move(batch[i]));
                    continue;
                }
                auto [it, inserted] = keyed.insert_or_assign(batch[i].first, batch[i].second); // ON CONFLICT DO UPDATE
                if (!inserted && r == last && m_mode == OutputMode::Update)
                    upserted.insert(it->first);
            }
        }
        if (keys.empty()) {
            m_rows = std::move(plain);
        } else {
            // ORDER BY the key: NULL keys first, as SQLite sorts NULL lowest.
            std::stable_sort(nullKeyed.begin(), nullKeyed.end(),
                             [](const auto &x, const auto &y) { return x.first < y.first; });
            for (const auto &entry : nullKeyed)
                m_rows.push_back(entry.second);
            for (const auto &entry : keyed)
                m_rows.push_back(entry.second);
        }
        // Mark what the shown batch wrote (a replaced table is rewritten whole: no marks).
        if (!failed && m_mode != OutputMode::Complete) {
            m_marks.assign(m_rows.size(), RowMark::None);
            for (size_t i = 0; i < m_rows.size(); ++i) {
                if (m_rows[i].report != last)
                    continue;
                bool hasNull = false;
                const SqlKey key = keys.empty() ? SqlKey() : keyOf(m_rows[i], &hasNull);
                m_marks[i] = !keys.empty() && !hasNull && upserted.count(key) ? RowMark::Updated : RowMark::New;
            }
        }
    }
    if (m_kind == Kind::Files && !m_rows.empty()) {
        m_marks.assign(m_rows.size(), RowMark::None);
        for (size_t i = 0; i < m_rows.size(); ++i)
            if (m_rows[i].report == m_reports.size() - 1)
                m_marks[i] = RowMark::New;
    }
    endResetModel();
}

QStringList SinkContentsModel::files() const
{
    QStringList names;
    for (const FileRef &file : m_files)
        names << file.name;
    return names;
}

int SinkContentsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SinkContentsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QString SinkContentsModel::cellText(const RowRef &ref, const ColumnRef &column) const
{
    const ColumnBatch &rows = m_reports[ref.report]->emitted;
    const Value value = rows.get(ref.row, size_t(column.field));
    if (value.isNull())
        return QStringLiteral("NULL");
    switch (column.part) {
    case ColumnRef::Part::Start: return QString::fromStdString(formatTimestamp(value.asWindow().startMicros));
    case ColumnRef::Part::End: return QString::fromStdString(formatTimestamp(value.asWindow().endMicros));
    case ColumnRef::Part::Whole: break;
    }
    return QString::fromStdString(toDisplayString(value));
}

QVariant SinkContentsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const RowRef &ref = m_rows[size_t(index.row())];
    const ColumnRef &column = m_columns[size_t(index.column())];
    const RowMark mark = m_marks.empty() ? RowMark::None : m_marks[size_t(index.row())];
    if (role == BatchTableModel::RowMarkRole)
        return int(mark);
    if (column.field == kStatusColumn) {
        // Text marks, never colour alone.
        if (role == Qt::DisplayRole)
            return BatchTableModel::markText(mark);
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
    if (column.field == kFileColumn) {
        // The part file holding the row: files are in batch order, so search by report.
        const auto file = std::lower_bound(m_files.begin(), m_files.end(), ref.report,
                                           [](const FileRef &f, uint32_t report) { return f.report < report; });
        if (role == Qt::DisplayRole && file != m_files.end())
            return file->name;
        if (role == Qt::ToolTipRole && file != m_files.end())
            return tr("Written by batch %1; listed in %2/_spark_metadata/%1")
                .arg(m_reports[ref.report]->batchId)
                .arg(m_path);
        return {};
    }
    const DataType &type = m_reports[ref.report]->emitted.schema.fields[size_t(column.field)].type;
    switch (role) {
    case Qt::DisplayRole: return cellText(ref, column);
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
    const ColumnRef &column = m_columns[size_t(section)];
    if (role == Qt::DisplayRole)
        return column.field == kStatusColumn ? tr("status") : column.field == kFileColumn ? tr("file") : column.name;
    if (role == Qt::ToolTipRole) {
        if (column.field == kStatusColumn)
            return tr("What the batch shown wrote: new rows, and rows its upsert replaced");
        if (column.field == kFileColumn)
            return tr("The committed part file that holds the row (only files the _spark_metadata manifest lists)");
        const std::string &name = m_reports.front()->emitted.schema.fields[size_t(column.field)].name;
        for (const std::string &key : m_keyNames)
            if (lowerText(key) == lowerText(name))
                return tr("%1: part of the table's primary key").arg(column.name);
        return {};
    }
    return {};
}

} // namespace streamstep
