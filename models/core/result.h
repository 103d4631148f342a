#pragma once
// A value or a user-facing error message. Services in models/ return these instead of
// throwing or showing dialogs; the message names the file/line/field where it can.
#include <QString>
#include <optional>
#include <utility>

namespace assay {

template <typename T>
class Result {
public:
    Result(T value) : m_value(std::move(value)) {}
    static Result failure(QString message) { return Result(std::move(message), Tag{}); }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return *m_value; }
    T &value() & { return *m_value; }
    // On a temporary, hand the value out by value: `for (x : f().value())` must not dangle.
    T value() && { return std::move(*m_value); }
    T take() { return std::move(*m_value); }
    const QString &error() const { return m_error; }

private:
    struct Tag {};
    Result(QString message, Tag) : m_error(std::move(message)) {}
    std::optional<T> m_value;
    QString m_error;
};

template <>
class Result<void> {
public:
    Result() = default;
    static Result failure(QString message) { Result r; r.m_failed = true; r.m_error = std::move(message); return r; }
    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const QString &error() const { return m_error; }

private:
    bool m_failed = false;
    QString m_error;
};

using Status = Result<void>;

} // namespace assay
