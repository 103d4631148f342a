#include "schema/servertypemap.h"

#include <QDate>
#include <QDateTime>
#include <QRegularExpression>
#include <QTime>

#include <limits>

namespace assay {

QString ServerTypeMap::assayType(ServerLocation::Dialect dialect, const QString &serverType)
{
    const QString full = serverType.trimmed().toLower();
    if (full.endsWith(QLatin1String("[]")))
        return QStringLiteral("TEXT"); // PostgreSQL arrays read as their text form, {a,b}
    if (dialect == ServerLocation::Dialect::MySql && (full.startsWith(QLatin1String("tinyint(1)")) || full == QLatin1String("bit(1)")))
        return QStringLiteral("BOOLEAN");
    static const QRegularExpression modifiers(QStringLiteral("\\(.*\\)|\\b(unsigned|signed|zerofill)\\b"));
    const QString base = QString(full).remove(modifiers).simplified();
    static const QStringList integers{QStringLiteral("integer"), QStringLiteral("int"), QStringLiteral("smallint"), QStringLiteral("bigint"),
                                      QStringLiteral("tinyint"), QStringLiteral("mediumint"), QStringLiteral("year"), QStringLiteral("serial"),
                                      QStringLiteral("bigserial"), QStringLiteral("smallserial"), QStringLiteral("int2"), QStringLiteral("int4"),
                                      QStringLiteral("int8"), QStringLiteral("bit")};
    static const QStringList reals{QStringLiteral("real"), QStringLiteral("double precision"), QStringLiteral("double"), QStringLiteral("float"),
                                   QStringLiteral("float4"), QStringLiteral("float8")};
    // MySQL's bigint unsigned goes past 64-bit signed integers: NUMERIC, its largest values kept as exact text.
    if (dialect == ServerLocation::Dialect::MySql && base == QLatin1String("bigint") && full.contains(QLatin1String("unsigned")))
        return QStringLiteral("NUMERIC");
    if (integers.contains(base))
        return QStringLiteral("INTEGER");
    if (reals.contains(base))
        return QStringLiteral("REAL");
    if (base == QLatin1String("numeric") || base == QLatin1String("decimal") || base == QLatin1String("money"))
        return QStringLiteral("NUMERIC");
    if (base == QLatin1String("boolean") || base == QLatin1String("bool"))
        return QStringLiteral("BOOLEAN");
    if (base == QLatin1String("date"))
        return QStringLiteral("DATE");
    if (base.startsWith(QLatin1String("timestamp")) || base == QLatin1String("datetime"))
        return QStringLiteral("DATETIME");
    if (base == QLatin1String("bytea") || base.endsWith(QLatin1String("blob")) || base == QLatin1String("binary") ||
        base == QLatin1String("varbinary"))
        return QStringLiteral("BLOB");
    return QStringLiteral("TEXT"); // character types, enum and set, json, uuid, time, interval, ...
}

QVariant ServerTypeMap::value(const QString &assayType, const QVariant &v, const QString &serverType)
{
    if (v.isNull() || !v.isValid())
        return {};
    const int type = v.metaType().id();
    if (assayType == QLatin1String("INTEGER") || assayType == QLatin1String("BOOLEAN")) {
        if (type == QMetaType::Bool)
            return qlonglong(v.toBool() ? 1 : 0);
        if (serverType.startsWith(QLatin1String("bit"), Qt::CaseInsensitive) && v.toByteArray().size() <= 8) {
            // MySQL's bit(n): the bits as big-endian bytes (as text, from Qt's driver).
            const QByteArray bytes = type == QMetaType::QString ? v.toString().toLatin1() : v.toByteArray();
            quint64 n = 0;
            for (const char byte : bytes)
                n = (n << 8) | quint8(byte);
            return qlonglong(n);
        }
        bool ok = false;
        const qlonglong n = v.toLongLong(&ok);
        if (ok && !(type == QMetaType::ULongLong && v.toULongLong() > quint64(std::numeric_limits<qint64>::max())))
            return n;
        return v.toString();
    }
    if (assayType == QLatin1String("NUMERIC")) {
        // Exact decimals: a double when it holds every digit (15 significant digits), else the
        // exact text; integers as integers.
        const QString text = v.toString().trimmed();
        bool ok = false;
        if (const qlonglong n = text.toLongLong(&ok); ok)
            return n;
        static const QRegularExpression notDigits(QStringLiteral("[^0-9]"));
        QString digits = text.section(QLatin1Char('e'), 0, 0, QString::SectionCaseInsensitiveSeps).remove(notDigits);
        while (digits.startsWith(QLatin1Char('0')))
            digits.remove(0, 1);
        while (text.contains(QLatin1Char('.')) && digits.endsWith(QLatin1Char('0')))
            digits.chop(1);
        const double d = text.toDouble(&ok);
        if (ok && digits.size() <= 15)
            return d;
        return ok || !text.isEmpty() ? QVariant(text) : QVariant(v.toDouble());
    }
    if (assayType == QLatin1String("REAL")) {
        bool ok = false;
        const double d = v.toDouble(&ok);
        return ok ? QVariant(d) : QVariant(v.toString());
    }
    if (assayType == QLatin1String("BLOB"))
        return v.toByteArray();
    switch (type) {
    case QMetaType::QDate:
        return v.toDate().toString(Qt::ISODate);
    case QMetaType::QDateTime: {
        const QDateTime t = v.toDateTime();
        return t.toString(t.time().msec() ? QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz") : QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    }
    case QMetaType::QTime:
        return v.toTime().toString(Qt::ISODate);
    case QMetaType::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    default:
        return v.toString();
    }
}

QVariant ServerTypeMap::resultValue(const QVariant &v)
{
    switch (v.metaType().id()) {
    case QMetaType::Bool:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Char:
    case QMetaType::SChar:
    case QMetaType::UChar:
        return value(QStringLiteral("INTEGER"), v);
    case QMetaType::Double:
    case QMetaType::Float:
        return value(QStringLiteral("REAL"), v);
    case QMetaType::QByteArray:
        return value(QStringLiteral("BLOB"), v);
    default:
        return value(QStringLiteral("TEXT"), v);
    }
}

} // namespace assay
