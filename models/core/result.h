#pragma once
// A value or a user-facing error message. Services in models/ return these instead of
// throwing or showing dialogs; the message names the file/line/field where it can.
// [[nodiscard]]: a result that nobody looks at does not compile (-Werror). value() on a
// failure stops the program with the error rather than reading an empty optional.
#include <QString>
#include <QtGlobal>

#include <optional>
#include <utility>

namespace assay {

// What kind of failure, for callers that act on it (a cancel is not an error to report).
// WouldRemove: a step refused because it would remove the user's work without being told to
// (the message names what; the caller asks, then runs it again allowing it).
enum class ErrorCode { None, Failed, Cancelled, Busy, ReadOnly, NotFound, WouldRemove };

template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_value(std::move(value)) {}
    static Result failure(QString message, ErrorCode code = ErrorCode::Failed) { return Result(std::move(message), code, Tag{}); }
    // The failure of another result, message and code kept.
    template <typename U>
    static Result failure(const Result<U> &other) { return Result(other.error(), other.code(), Tag{}); }
    static Result cancelled(QString message = QStringLiteral("cancelled")) { return failure(std::move(message), ErrorCode::Cancelled); }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return *checked(); }
    T &value() & { return *checked(); }
    // On a temporary, hand the value out by value: `for (x : f().value())` must not dangle.
    T value() && { return std::move(*checked()); }
    T take() { return std::move(*checked()); }
    const QString &error() const { return m_error; }
    ErrorCode code() const { return ok() ? ErrorCode::None : m_code; }
    bool isCancelled() const { return code() == ErrorCode::Cancelled; }

private:
    struct Tag {};
    Result(QString message, ErrorCode code, Tag) : m_error(std::move(message)), m_code(code) {}
    std::optional<T> *self() const { return const_cast<std::optional<T> *>(&m_value); }
    std::optional<T> &checked() const
    {
        if (!m_value.has_value())
            qFatal("Result::value() read on a failure nobody checked: %s", qPrintable(m_error));
        return *self();
    }
    std::optional<T> m_value;
    QString m_error;
    ErrorCode m_code = ErrorCode::None;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    static Result failure(QString message, ErrorCode code = ErrorCode::Failed)
    {
        Result r;
        r.m_code = code;
        r.m_error = std::move(message);
        return r;
    }
    template <typename U>
    static Result failure(const Result<U> &other) { return failure(other.error(), other.code()); }
    static Result cancelled(QString message = QStringLiteral("cancelled")) { return failure(std::move(message), ErrorCode::Cancelled); }
    bool ok() const { return m_code == ErrorCode::None; }
    explicit operator bool() const { return ok(); }
    const QString &error() const { return m_error; }
    ErrorCode code() const { return m_code; }
    bool isCancelled() const { return m_code == ErrorCode::Cancelled; }

private:
    ErrorCode m_code = ErrorCode::None;
    QString m_error;
};

using Status = Result<void>;

} // namespace assay
