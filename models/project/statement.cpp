#include "project/statement.h"

#include <sqlite3.h>

namespace assay {

Statement::~Statement()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
}

Statement::Statement(Statement &&other) noexcept : m_db(other.m_db), m_stmt(other.m_stmt)
{
    other.m_stmt = nullptr;
}

Statement &Statement::operator=(Statement &&other) noexcept
{
    if (this != &other) {
        if (m_stmt)
            sqlite3_finalize(m_stmt);
        m_db = other.m_db;
        m_stmt = other.m_stmt;
        other.m_stmt = nullptr;
    }
    return *this;
}

Statement &Statement::bindUtf8Borrowed(int index, const QByteArray &text)
{
    if (text.isNull())
        sqlite3_bind_null(m_stmt, index);
    else
        sqlite3_bind_text64(m_stmt, index, text.constData(), sqlite3_uint64(text.size()), SQLITE_STATIC, SQLITE_UTF8);
    return *this;
}

Statement &Statement::bindInteger(int index, qint64 value)
{
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

Statement &Statement::bindValueOf(int index, const Statement &from, int column)
{
    sqlite3_bind_value(m_stmt, index, sqlite3_column_value(from.m_stmt, column));
    return *this;
}

Statement &Statement::bind(int index, const QVariant &value)
{
    if (!value.isValid() || value.isNull()) {
        sqlite3_bind_null(m_stmt, index);
        return *this;
    }
    switch (value.typeId()) {
    case QMetaType::Bool:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
        sqlite3_bind_int64(m_stmt, index, value.toLongLong());
        break;
    case QMetaType::Double:
    case QMetaType::Float:
        sqlite3_bind_double(m_stmt, index, value.toDouble());
        break;
    case QMetaType::QByteArray: {
        const QByteArray bytes = value.toByteArray();
        sqlite3_bind_blob64(m_stmt, index, bytes.constData(), sqlite3_uint64(bytes.size()), SQLITE_TRANSIENT);
        break;
    }
    default: {
        const QByteArray utf8 = value.toString().toUtf8();
        sqlite3_bind_text64(m_stmt, index, utf8.constData(), sqlite3_uint64(utf8.size()), SQLITE_TRANSIENT, SQLITE_UTF8);
        break;
    }
    }
    return *this;
}

Statement &Statement::bindAll(const QVariantList &values)
{
    for (int i = 0; i < values.size(); ++i)
        bind(i + 1, values[i]);
    return *this;
}

Statement::Step Statement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return Step::Row;
    if (rc == SQLITE_DONE)
        return Step::Done;
    return Step::Error;
}

Result<bool> Statement::next()
{
    switch (step()) {
    case Step::Row:
        return true;
    case Step::Done:
        return false;
    case Step::Error:
        break;
    }
    return Result<bool>::failure(failureMessage(), errorCode());
}

Status Statement::nextRow(const QString &missing)
{
    auto row = next();
    if (!row)
        return Status::failure(row);
    if (!row.value())
        return Status::failure(missing);
    return {};
}

Status Statement::run()
{
    Step s;
    while ((s = step()) == Step::Row) {
    }
    if (s == Step::Error)
        return Status::failure(failureMessage(), errorCode());
    return {};
}

ErrorCode Statement::errorCode() const
{
    switch (sqlite3_errcode(m_db) & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return ErrorCode::Busy;
    case SQLITE_READONLY:
        return ErrorCode::ReadOnly;
    default:
        return ErrorCode::Failed;
    }
}

QString Statement::failureMessage() const
{
    QString what = sql().simplified();
    if (what.size() > 60)
        what = what.left(57) + QStringLiteral("...");
    const QString cause = errorCode() == ErrorCode::Busy       ? QStringLiteral(" (another program holds a lock on the project file; close it or wait)")
                          : errorCode() == ErrorCode::ReadOnly ? QStringLiteral(" (the project file is read-only)")
                                                               : QString();
    return QStringLiteral("%1%2, in: %3").arg(error(), cause, what);
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

int Statement::columnCount() const { return sqlite3_column_count(m_stmt); }

QString Statement::columnName(int i) const { return QString::fromUtf8(sqlite3_column_name(m_stmt, i)); }

QVariant Statement::value(int i) const
{
    switch (sqlite3_column_type(m_stmt, i)) {
    case SQLITE_INTEGER:
        return QVariant(qint64(sqlite3_column_int64(m_stmt, i)));
    case SQLITE_FLOAT:
        return QVariant(sqlite3_column_double(m_stmt, i));
    case SQLITE_BLOB: {
        const auto *data = static_cast<const char *>(sqlite3_column_blob(m_stmt, i));
        return QVariant(QByteArray(data, sqlite3_column_bytes(m_stmt, i)));
    }
    case SQLITE_NULL:
        return QVariant();
    default:
        return QVariant(text(i));
    }
}

QString Statement::text(int i) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, i));
    return data ? QString::fromUtf8(data, sqlite3_column_bytes(m_stmt, i)) : QString();
}

qint64 Statement::integer(int i) const { return sqlite3_column_int64(m_stmt, i); }
double Statement::real(int i) const { return sqlite3_column_double(m_stmt, i); }
bool Statement::isNull(int i) const { return sqlite3_column_type(m_stmt, i) == SQLITE_NULL; }

Statement::Type Statement::type(int i) const
{
    switch (sqlite3_column_type(m_stmt, i)) {
    case SQLITE_INTEGER: return Type::Integer;
    case SQLITE_FLOAT: return Type::Real;
    case SQLITE_BLOB: return Type::Blob;
    case SQLITE_NULL: return Type::Null;
    default: return Type::Text;
    }
}

QByteArrayView Statement::utf8(int i) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, i));
    return data ? QByteArrayView(data, sqlite3_column_bytes(m_stmt, i)) : QByteArrayView();
}
QString Statement::error() const { return QString::fromUtf8(sqlite3_errmsg(m_db)); }
QString Statement::sql() const { return QString::fromUtf8(sqlite3_sql(m_stmt)); }

} // namespace assay
