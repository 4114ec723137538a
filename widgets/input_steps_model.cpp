#include "input_steps_model.h"

#include "streamstep/value_format.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace streamstep {

namespace {

constexpr int kMaxQuotedLength = 40;

std::string_view trimmed(std::string_view text)
{
    auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Shows the user's text in a message, shortened like the scenario reader shortens long values.
QString quoted(const QString &text)
{
    QString shown = text.size() > kMaxQuotedLength ? text.left(kMaxQuotedLength) + QStringLiteral("…") : text;
    return QLatin1Char('"') + shown + QLatin1Char('"');
}

int numDigits(Int128 v)
{
    if (v < 0)
        v = -v;
    int n = 1;
    while (v >= 10) {
        v /= 10;
        ++n;
    }
    return n;
}

Int128 powerOfTen(int n)
{
    Int128 p = 1;
    for (int i = 0; i < n; ++i)
        p *= 10;
    return p;
}

// A plain decimal number: optional sign, digits with at most one point, at least one digit.
bool looksLikePlainDecimal(std::string_view t)
{
    size_t i = (!t.empty() && (t[0] == '-' || t[0] == '+')) ? 1 : 0;
    bool digit = false;
    bool point = false;
    for (; i < t.size(); ++i) {
        if (isDigit(t[i]))
            digit = true;
        else if (t[i] == '.' && !point)
            point = true;
        else
            return false;
    }
    return digit;
}

// A date first ("YYYY-MM-DD…"): Spark's cast also takes a bare time of day on today's date,
// which would make the same text a different value every day.
bool startsWithDate(std::string_view t)
{
    return t.size() >= 8 && isDigit(t[0]) && isDigit(t[1]) && isDigit(t[2]) && isDigit(t[3]) && t[4] == '-';
}

} // namespace

InputStepsModel::InputStepsModel(QObject *parent) : QAbstractTableModel(parent)
{
    m_nullFont.setItalic(true);
}

void InputStepsModel::setBatch(const ColumnBatch *batch)
{
    auto sameShape = [&] {
        if (!m_batch || !batch || m_batch->numRows != batch->numRows
            || m_batch->schema.size() != batch->schema.size())
            return false;
        for (size_t c = 0; c < batch->schema.size(); ++c)
            if (m_batch->schema.fields[c].name != batch->schema.fields[c].name
                || m_batch->schema.fields[c].type != batch->schema.fields[c].type)
                return false;
        return true;
    };
    if (sameShape()) {
        m_batch = batch;
        if (rowCount() > 0 && columnCount() > 0)
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_batch = batch;
    endResetModel();
}

void InputStepsModel::clear()
{
    setBatch(nullptr);
}

std::optional<Value> InputStepsModel::parseCellText(const QString &text, const Field &field, QString *error)
{
    const DataType &type = field.type;
    const QString column = QString::fromStdString(field.name);
    auto fail = [&](const QString &message) -> std::optional<Value> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (type.kind == TypeKind::String)
        return Value::string(text.toStdString());

    const std::string utf8 = text.toStdString();
    const std::string_view t = trimmed(utf8);
    if (t.empty() || QString::fromUtf8(t.data(), qsizetype(t.size())).compare(QLatin1String("NULL"), Qt::CaseInsensitive) == 0)
        return Value::null();
    const QString shown = quoted(text.trimmed());

    switch (type.kind) {
    case TypeKind::Boolean: {
        const QString lower = text.trimmed().toLower();
        if (lower == QLatin1String("true"))
            return Value::boolean(true);
        if (lower == QLatin1String("false"))
            return Value::boolean(false);
        return fail(tr("Column '%1': %2 is not a boolean (true or false).").arg(column, shown));
    }
    case TypeKind::Int:
    case TypeKind::Long: {
        std::string_view digits = t;
        if (digits.front() == '+')
            digits.remove_prefix(1);
        const QString typeName = QString::fromStdString(type.scenarioName());
        if (digits.empty() || digits.find_first_not_of("-0123456789") != std::string_view::npos
            || digits.find('-', 1) != std::string_view::npos)
            return fail(tr("Column '%1': %2 is not a whole number (%3).").arg(column, shown, typeName));
        int64_t value = 0;
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        const bool isInt = type.kind == TypeKind::Int;
        const int64_t min = isInt ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int64_t>::min();
        const int64_t max = isInt ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int64_t>::max();
        if (ptr == digits.data() || (ec == std::errc() && ptr != digits.data() + digits.size()))
            return fail(tr("Column '%1': %2 is not a whole number (%3).").arg(column, shown, typeName));
        if (ec != std::errc() || value < min || value > max)
            return fail(tr("Column '%1': %2 does not fit %3 (from %4 to %5).")
                            .arg(column, text.trimmed(), typeName, QString::number(min), QString::number(max)));
        return isInt ? Value::int32(static_cast<int32_t>(value)) : Value::int64(value);
    }
    case TypeKind::Double: {
        // Spark's spelling of the values a JSON number cannot hold.
        if (t == "NaN")
            return Value::float64(std::numeric_limits<double>::quiet_NaN());
        if (t == "Infinity")
            return Value::float64(std::numeric_limits<double>::infinity());
        if (t == "-Infinity")
            return Value::float64(-std::numeric_limits<double>::infinity());
        std::string_view number = t;
        if (number.front() == '+')
            number.remove_prefix(1);
        auto notANumber = [&] {
            return fail(tr("Column '%1': %2 is not a number (a double like 1.5, 2.0E-3, NaN or Infinity).")
                            .arg(column, shown));
        };
        if (number.empty() || !(isDigit(number.front()) || number.front() == '-' || number.front() == '.')
            || number.find_first_not_of("-+.0123456789eE") != std::string_view::npos)
            return notANumber();
        double value = 0;
        const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (ptr != number.data() + number.size())
            return notANumber();
        if (ec == std::errc::result_out_of_range) {
            const double rounded = std::strtod(std::string(number).c_str(), nullptr);
            if (std::isinf(rounded))
                return fail(tr("Column '%1': %2 does not fit double.").arg(column, text.trimmed()));
            return Value::float64(rounded); // underflow rounds towards zero, like Spark
        }
        if (ec != std::errc())
            return notANumber();
        return Value::float64(value);
    }
    case TypeKind::Decimal: {
        const QString typeName = QString::fromStdString(type.scenarioName());
        auto doesNotFit = [&] {
            return fail(tr("Column '%1': %2 does not fit %3 (at most %4 digits before the point and %5 after it).")
                            .arg(column, text.trimmed(), typeName)
                            .arg(type.precision - type.scale)
                            .arg(type.scale));
        };
        const std::optional<Decimal> parsed = parseDecimalText(t);
        if (!parsed) {
            if (looksLikePlainDecimal(t))
                return doesNotFit(); // more than 38 digits
            return fail(tr("Column '%1': %2 is not a plain decimal number (like 12.50).").arg(column, shown));
        }
        Int128 unscaled = parsed->unscaled;
        if (parsed->scale > type.scale) {
            // Extra fraction digits are fine only when they are zeros (12.50 -> decimal(4,1)).
            const Int128 factor = powerOfTen(parsed->scale - type.scale);
            if (unscaled % factor != 0)
                return doesNotFit();
            unscaled /= factor;
        } else if (parsed->scale < type.scale) {
            if (numDigits(unscaled) + (type.scale - parsed->scale) > type.precision)
                return doesNotFit();
            unscaled *= powerOfTen(type.scale - parsed->scale);
        }
        if (numDigits(unscaled) > type.precision)
            return doesNotFit();
        return Value::decimal(unscaled, type.precision, type.scale);
    }
    case TypeKind::Timestamp: {
        if (startsWithDate(t))
            if (const std::optional<int64_t> micros = parseTimestamp(t))
                return Value::timestamp(*micros);
        return fail(tr("Column '%1': %2 is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC).")
                        .arg(column, shown));
    }
    case TypeKind::String:
    case TypeKind::Null:
    case TypeKind::Window: break;
    }
    return fail(tr("Column '%1' has type %2, which input rows cannot hold.")
                    .arg(column, QString::fromStdString(type.scenarioName())));
}

QString InputStepsModel::cellText(const Column &c, size_t row)
{
    if (c.isNull(row))
        return QStringLiteral("NULL");
    switch (c.type().kind) {
    case TypeKind::String: return QString::fromStdString(c.strings[row]);
    case TypeKind::Int:
    case TypeKind::Long: return QString::number(c.ints[row]);
    case TypeKind::Boolean: return c.ints[row] != 0 ? QStringLiteral("true") : QStringLiteral("false");
    case TypeKind::Double: return QString::fromStdString(formatDouble(c.doubles[row]));
    case TypeKind::Decimal: return QString::fromStdString(formatDecimal(c.decimals[row], c.type().scale));
    case TypeKind::Timestamp: return QString::fromStdString(formatTimestamp(c.ints[row]));
    case TypeKind::Null:
    case TypeKind::Window: break;
    }
    return QString::fromStdString(toDisplayString(c.get(row)));
}

int InputStepsModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_batch)
        return 0;
    return static_cast<int>(m_batch->numRows);
}

int InputStepsModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_batch)
        return 0;
    return static_cast<int>(m_batch->columns.size());
}

QVariant InputStepsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_batch || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto row = static_cast<size_t>(index.row());
    const Column &c = m_batch->columns[static_cast<size_t>(index.column())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return cellText(c, row);
    case NullRole: return c.isNull(row);
    case Qt::FontRole:
        if (c.isNull(row))
            return m_nullFont;
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment((c.type().isNumeric() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    default: return {};
    }
}

QVariant InputStepsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        // Rows are numbered from 1 on screen, like the batch tables beside them.
        if (role == Qt::DisplayRole && section >= 0 && section < rowCount())
            return section + 1;
        return {};
    }
    if (!m_batch || section < 0 || section >= columnCount())
        return {};
    const Field &field = m_batch->schema.fields[static_cast<size_t>(section)];
    switch (role) {
    case Qt::DisplayRole: return QString::fromStdString(field.name);
    case Qt::ToolTipRole:
        return tr("%1: %2 (type a value; NULL or nothing for NULL in non-string columns)")
            .arg(QString::fromStdString(field.name), QString::fromStdString(field.type.scenarioName()));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment((field.type.isNumeric() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    default: return {};
    }
}

Qt::ItemFlags InputStepsModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return QAbstractTableModel::flags(index) | Qt::ItemIsEditable;
}

bool InputStepsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !m_batch || !index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const auto row = static_cast<size_t>(index.row());
    const auto column = static_cast<size_t>(index.column());
    const Column &c = m_batch->columns[column];
    std::optional<Value> parsed;
    if (!value.isValid()) {
        parsed = Value::null();
    } else {
        const QString text = value.toString();
        // An editor closed without a change commits the shown text: keep the value as it is
        // (a NULL string cell would otherwise become the string "NULL").
        if (text == cellText(c, row)) {
            m_lastError.clear();
            return true;
        }
        QString error;
        parsed = parseCellText(text, m_batch->schema.fields[column], &error);
        if (!parsed) {
            m_lastError = error;
            Q_EMIT editRejected(index.row(), index.column(), error);
            return false;
        }
    }
    m_lastError.clear();
    if (*parsed == c.get(row))
        return true;
    Q_EMIT cellEditRequested(index.row(), index.column(), *parsed);
    return true;
}

} // namespace streamstep
